import { createElement } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import ErrorPage from "@/app/error";
import GlobalError from "@/app/global-error";
import ErrorMessage from "@/app/_components/error-message";

/** The HTML a component renders once everything it loads has loaded (its message is loaded when it is shown). */
async function html(element: ReturnType<typeof createElement>): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let out = "";
  for await (const chunk of prelude) out += chunk;
  return out;
}

const failed = Object.assign(new Error("boom"), { digest: "1234567" });
const reset = () => undefined;

describe("the error pages", () => {
  it("say that nothing was saved, give the reference and lead to the evenings", async () => {
    const page = await html(createElement(ErrorPage, { error: failed, reset }));
    expect(page).toContain("Something went wrong");
    expect(page).toContain("Nothing was saved");
    expect(page).toContain("Reference: 1234567");
    expect(page).toContain('href="/evenings"');
  });

  it("when the whole app failed, are a page of their own that leads home", async () => {
    const page = await html(createElement(GlobalError, { error: failed, reset }));
    expect(page).toMatch(/<html lang="(en|sv)"/);
    expect(page).toContain('href="/"');
    expect(page).toMatch(/Something went wrong|Något gick fel/);
  });

  it("speak the first language the app knows, else English", async () => {
    const say = (languages: string[]) => html(createElement(ErrorMessage, { languages, reset, away: "home" as const }));
    expect(await say(["sv"])).toContain("Något gick fel");
    expect(await say(["de", "sv"])).toContain("Något gick fel");
    expect(await say(["de"])).toContain("Something went wrong");
  });
});
