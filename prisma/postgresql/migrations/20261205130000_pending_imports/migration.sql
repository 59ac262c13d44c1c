-- An evening being imported is pending (seen by no one) until the import completes (decision 018).

-- AlterTable
ALTER TABLE "Evening" ADD COLUMN "importing" TIMESTAMP(3);
