-- Changes a phone sent with its key, applied once, a repeat answered as the first was (decision 023).

-- CreateTable
CREATE TABLE "AppliedChange" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "eveningId" TEXT NOT NULL,
    "gameId" TEXT,
    "answer" JSONB NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "key"),
    CONSTRAINT "AppliedChange_eveningId_fkey" FOREIGN KEY ("eveningId") REFERENCES "Evening" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AppliedChange_gameId_idx" ON "AppliedChange"("gameId");

-- CreateIndex
CREATE INDEX "AppliedChange_eveningId_idx" ON "AppliedChange"("eveningId");
