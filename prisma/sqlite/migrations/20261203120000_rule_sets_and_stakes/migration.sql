-- CreateTable
CREATE TABLE "RuleSet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "houseRules" JSONB NOT NULL,
    "stakes" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "RuleSet_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (columns added in place: nothing else about the evening changes)
ALTER TABLE "Evening" ADD COLUMN "ruleSetName" TEXT;
ALTER TABLE "Evening" ADD COLUMN "stakes" JSONB;
ALTER TABLE "Evening" ADD COLUMN "shareMoney" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "RuleSet_ownerId_name_key" ON "RuleSet"("ownerId", "name");

