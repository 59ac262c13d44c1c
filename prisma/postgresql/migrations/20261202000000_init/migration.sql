-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Person" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Evening" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "place" TEXT,
    "variant" TEXT NOT NULL,
    "houseRules" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "shareToken" TEXT,
    "inviteToken" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Evening_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EveningMember" (
    "eveningId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EveningMember_pkey" PRIMARY KEY ("eveningId","userId")
);

-- CreateTable
CREATE TABLE "EveningPlayer" (
    "id" TEXT NOT NULL,
    "eveningId" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "EveningPlayer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "eveningId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "firstDealerSeat" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameSeat" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "playerId" TEXT NOT NULL,

    CONSTRAINT "GameSeat_pkey" PRIMARY KEY ("gameId","seat")
);

-- CreateTable
CREATE TABLE "Deal" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "recordedById" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "clientKey" TEXT,

    CONSTRAINT "Deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DealEntry" (
    "dealId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "plays" BOOLEAN NOT NULL,
    "exchanged" JSONB,
    "tricks" INTEGER,
    "revoke" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "DealEntry_pkey" PRIMARY KEY ("dealId","seat")
);

-- CreateTable
CREATE TABLE "DealEdit" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "dealNumber" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "byId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "DealEdit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");

-- CreateIndex
CREATE UNIQUE INDEX "Person_ownerId_name_key" ON "Person"("ownerId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Evening_shareToken_key" ON "Evening"("shareToken");

-- CreateIndex
CREATE UNIQUE INDEX "Evening_inviteToken_key" ON "Evening"("inviteToken");

-- CreateIndex
CREATE INDEX "Evening_ownerId_date_idx" ON "Evening"("ownerId", "date");

-- CreateIndex
CREATE INDEX "EveningMember_userId_idx" ON "EveningMember"("userId");

-- CreateIndex
CREATE INDEX "EveningPlayer_personId_idx" ON "EveningPlayer"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "EveningPlayer_eveningId_name_key" ON "EveningPlayer"("eveningId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "EveningPlayer_eveningId_personId_key" ON "EveningPlayer"("eveningId", "personId");

-- CreateIndex
CREATE UNIQUE INDEX "Game_eveningId_number_key" ON "Game"("eveningId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "GameSeat_gameId_playerId_key" ON "GameSeat"("gameId", "playerId");

-- CreateIndex
CREATE UNIQUE INDEX "Deal_gameId_number_key" ON "Deal"("gameId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "Deal_gameId_clientKey_key" ON "Deal"("gameId", "clientKey");

-- CreateIndex
CREATE INDEX "DealEdit_gameId_at_idx" ON "DealEdit"("gameId", "at");

-- AddForeignKey
ALTER TABLE "Person" ADD CONSTRAINT "Person_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Person" ADD CONSTRAINT "Person_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evening" ADD CONSTRAINT "Evening_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EveningMember" ADD CONSTRAINT "EveningMember_eveningId_fkey" FOREIGN KEY ("eveningId") REFERENCES "Evening"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EveningMember" ADD CONSTRAINT "EveningMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EveningPlayer" ADD CONSTRAINT "EveningPlayer_eveningId_fkey" FOREIGN KEY ("eveningId") REFERENCES "Evening"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EveningPlayer" ADD CONSTRAINT "EveningPlayer_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_eveningId_fkey" FOREIGN KEY ("eveningId") REFERENCES "Evening"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameSeat" ADD CONSTRAINT "GameSeat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameSeat" ADD CONSTRAINT "GameSeat_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "EveningPlayer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealEntry" ADD CONSTRAINT "DealEntry_dealId_fkey" FOREIGN KEY ("dealId") REFERENCES "Deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DealEdit" ADD CONSTRAINT "DealEdit_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

