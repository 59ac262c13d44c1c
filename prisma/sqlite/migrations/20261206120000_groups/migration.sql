-- Groups: members, players of a group and their merges, seasons, and the evenings, players and rule sets of a group.
-- Columns are added in place (no table is rewritten): each new reference is nullable and cleared with its group.

-- CreateTable
CREATE TABLE "Group" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "inviteToken" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "GroupMember" (
    "groupId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("groupId", "userId"),
    CONSTRAINT "GroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GroupPlayer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "groupId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "userId" TEXT,
    "mergedIntoId" TEXT,
    "mergedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GroupPlayer_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupPlayer_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "GroupPlayer_mergedIntoId_fkey" FOREIGN KEY ("mergedIntoId") REFERENCES "GroupPlayer" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Season" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "groupId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "startsOn" DATETIME NOT NULL,
    "endsOn" DATETIME NOT NULL,
    "bestEvenings" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Season_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable
ALTER TABLE "RuleSet" ADD COLUMN "groupId" TEXT REFERENCES "Group" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Evening" ADD COLUMN "groupId" TEXT REFERENCES "Group" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "EveningPlayer" ADD COLUMN "groupPlayerId" TEXT REFERENCES "GroupPlayer" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "RuleSet_groupId_idx" ON "RuleSet"("groupId");
CREATE INDEX "Evening_groupId_date_idx" ON "Evening"("groupId", "date");
CREATE INDEX "EveningPlayer_groupPlayerId_idx" ON "EveningPlayer"("groupPlayerId");

-- CreateIndex
CREATE UNIQUE INDEX "Group_inviteToken_key" ON "Group"("inviteToken");

-- CreateIndex
CREATE INDEX "GroupMember_userId_idx" ON "GroupMember"("userId");

-- CreateIndex
CREATE INDEX "GroupPlayer_mergedIntoId_idx" ON "GroupPlayer"("mergedIntoId");

-- CreateIndex
CREATE UNIQUE INDEX "GroupPlayer_groupId_nameKey_key" ON "GroupPlayer"("groupId", "nameKey");

-- CreateIndex
CREATE INDEX "Season_groupId_variant_startsOn_idx" ON "Season"("groupId", "variant", "startsOn");

