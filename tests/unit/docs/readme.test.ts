import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The rows of the README's layout table: the paths named in the first column of each. */
function layoutPaths(): string[] {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.slice(
    readme.indexOf("\n## Layout"),
    readme.indexOf("\n## ", readme.indexOf("\n## Layout") + 1),
  );
  const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| Folder |")));
  return table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

describe("the README's map", () => {
  it("names in its layout table only paths that exist", () => {
    const paths = layoutPaths();
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((path) => !existsSync(path))).toEqual([]);
  });

  it("names every folder of the table's pages and of lib", () => {
    const named = layoutPaths().map((path) => path.replace(/\/$/, ""));
    const folders = ["app/(table)", "lib"].flatMap((root) =>
      readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== "generated")
        .map((entry) => `${root}/${entry.name}`),
    );
    expect(folders.filter((folder) => !named.some((path) => path === folder || path.startsWith(`${folder}/`)))).toEqual(
      [],
    );
  });
});
