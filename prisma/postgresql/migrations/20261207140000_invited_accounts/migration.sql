-- A restored backup's player links to other accounts wait until those accounts join the group themselves.

-- AlterTable
ALTER TABLE "GroupPlayer" ADD COLUMN "invitedAccount" TEXT;
