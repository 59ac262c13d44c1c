import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

/** lib's folders (and top-level modules) and the others each imports, read from the sources. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = (readdirSync("lib", { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.startsWith("generated"))
    .map((f) => join("lib", f));
  const folderOf = (path: string) => path.split("/")[1]!.replace(/\.(ts|tsx|mjs)$/, "");
  for (const file of files) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, target] of readFileSync(file, "utf8").matchAll(/(?:import|export)[^;]*?from\s+"([^"]+)"/g)) {
      const path = target!.startsWith("@/lib/")
        ? target!.slice(2)
        : target!.startsWith(".")
          ? normalize(join(dirname(file), target!))
          : null;
      if (path?.startsWith("lib/") && folderOf(path) !== from) edges.add(folderOf(path));
    }
  }
  return graph;
}

/** A circle of the graph, as the folders on it, or null. */
function circle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe("lib's layers", () => {
  it("import one another without a circle", () => {
    const graph = folderGraph();
    expect(graph.get("data")).toBeDefined();
    expect(circle(graph)).toBeNull();
  });

  it("finds a circle when there is one", () => {
    const graph = new Map([
      ["data", new Set(["transfer"])],
      ["transfer", new Set(["http"])],
      ["http", new Set(["data"])],
    ]);
    expect(circle(graph)).toEqual(["data", "transfer", "http", "data"]);
  });
});
