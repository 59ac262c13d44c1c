-- Changes a phone sent with its key, applied once, a repeat answered as the first was (decision 023).

-- CreateTable
CREATE TABLE "AppliedChange" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "eveningId" TEXT NOT NULL,
    "gameId" TEXT,
    "answer" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AppliedChange_pkey" PRIMARY KEY ("userId","key")
);

-- CreateIndex
CREATE INDEX "AppliedChange_gameId_idx" ON "AppliedChange"("gameId");

-- CreateIndex
CREATE INDEX "AppliedChange_eveningId_idx" ON "AppliedChange"("eveningId");

-- AddForeignKey
ALTER TABLE "AppliedChange" ADD CONSTRAINT "AppliedChange_eveningId_fkey" FOREIGN KEY ("eveningId") REFERENCES "Evening"("id") ON DELETE CASCADE ON UPDATE CASCADE;
