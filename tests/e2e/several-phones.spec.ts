import { expect, test } from "@playwright/test";
import { PASSWORD, signUp, uniqueName } from "./support";
import type { GameRecord } from "@/lib/rules";
import { createEvening, fillDeal } from "./table";

test("a second phone joins by the invite link, enters deals, and both phones stay in step", async ({ browser }) => {
  const owner = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signUp(owner);
  await createEvening(owner, {
    title: "Två telefoner",
    variant: "Knektpass",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealer: "Anna",
  });
  await owner.getByText("Invite others at the table").click();
  const inviteUrl = await owner.getByTestId("invite-url").inputValue();
  expect(inviteUrl).toMatch(/\/join\/[A-Za-z0-9_-]{32}$/);
  await expect(owner.getByRole("img", { name: inviteUrl })).toBeVisible();

  // The second person has no account yet: signs up on the spot and lands back on the invite.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await context.newPage();
  await guest.goto(inviteUrl);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Join Två telefoner");
  await guest.getByRole("link", { name: "Create an account to join" }).click();
  const guestName = uniqueName("guest");
  await guest.getByLabel("Username").fill(guestName);
  await guest.getByLabel("Password").fill(PASSWORD);
  await guest.getByRole("button", { name: "Create account" }).click();
  await guest.getByRole("button", { name: "Join the evening" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Två telefoner");

  // A deal entered on the guest's phone appears on the owner's without a reload.
  const record: GameRecord = {
    variant: "knektpass",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealer: "Anna",
    deals: [],
  };
  await fillDeal(guest, record, {
    entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: true } },
  });
  await guest.getByRole("button", { name: "Save deal 1" }).click();
  record.deals.push({ entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: true } } });
  await expect(owner.locator('tr[data-deal="1"]')).toBeVisible({ timeout: 10_000 });
  await expect(owner.getByTestId("protokoll").first().getByTestId("score-Cecilia")).toHaveText("7");

  // Both phones enter deal 2 at once: exactly one is stored, the other is told and shown the current state.
  await expect(guest.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await fillDeal(owner, record, {
    entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
  });
  await fillDeal(guest, record, {
    entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } },
  });
  await Promise.all([
    owner.getByRole("button", { name: "Save deal 2" }).click(),
    guest.getByRole("button", { name: "Save deal 2" }).click(),
  ]);
  const refused = [owner, guest].map((p) => p.getByText("Someone else saved first."));
  await expect.poll(async () => (await refused[0]!.count()) + (await refused[1]!.count()), { timeout: 10_000 }).toBe(1);
  for (const p of [owner, guest]) {
    await expect(p.locator("tr[data-deal]")).toHaveCount(2, { timeout: 10_000 });
    await expect(p.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  }

  // The owner removes the guest, who can no longer open the evening.
  const remove = owner.getByRole("button", { name: `Remove: ${guestName}` });
  if (!(await remove.isVisible())) await owner.getByText("Invite others at the table").click();
  await remove.click();
  await expect(owner.getByText("Nobody else yet.")).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole("heading", { level: 1 })).not.toHaveText("Två telefoner");
  await context.close();
});
