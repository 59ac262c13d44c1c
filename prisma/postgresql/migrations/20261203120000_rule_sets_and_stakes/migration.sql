-- AlterTable
ALTER TABLE "Evening" ADD COLUMN     "ruleSetName" TEXT,
ADD COLUMN     "shareMoney" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "stakes" JSONB;

-- CreateTable
CREATE TABLE "RuleSet" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "houseRules" JSONB NOT NULL,
    "stakes" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RuleSet_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RuleSet_ownerId_name_key" ON "RuleSet"("ownerId", "name");

-- AddForeignKey
ALTER TABLE "RuleSet" ADD CONSTRAINT "RuleSet_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

