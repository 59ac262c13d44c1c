-- CreateTable
CREATE TABLE "EndedSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "EndedSession_expiresAt_idx" ON "EndedSession"("expiresAt");
