-- AlterTable
ALTER TABLE "Evening" ADD COLUMN     "importKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Evening_ownerId_importKey_key" ON "Evening"("ownerId", "importKey");

