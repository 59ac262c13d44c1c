-- The owner may switch the live odds off (decision 022).

-- AlterTable
ALTER TABLE "Evening" ADD COLUMN "showOdds" BOOLEAN NOT NULL DEFAULT true;
