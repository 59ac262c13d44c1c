-- CreateTable
CREATE TABLE "GameSummary" (
    "gameId" TEXT NOT NULL,
    "dealCount" INTEGER NOT NULL,
    "summary" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GameSummary_pkey" PRIMARY KEY ("gameId")
);

-- AddForeignKey
ALTER TABLE "GameSummary" ADD CONSTRAINT "GameSummary_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

