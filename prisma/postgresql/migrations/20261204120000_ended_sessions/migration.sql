-- CreateTable
CREATE TABLE "EndedSession" (
    "id" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EndedSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EndedSession_expiresAt_idx" ON "EndedSession"("expiresAt");
