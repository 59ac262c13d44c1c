-- CreateTable
CREATE TABLE "GameSummary" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "dealCount" INTEGER NOT NULL,
    "summary" JSONB NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GameSummary_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

