import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { handleSharedMapRequest, listSharedMaps, SHARED_MAPS_INDEX, SHARED_MAPS_PREFIX, sharedMapsDir } from "../apps/playground/scripts/shared-maps-plugin";

// The playground's dev-server plugin that serves ../shared/bench/movingai to the grid page.

interface FakeResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

function fakeResponse(): { res: ServerResponse; out: FakeResponse } {
  const out: FakeResponse = { statusCode: 200, headers: {}, body: "" };
  const res = {
    set statusCode(v: number) {
      out.statusCode = v;
    },
    setHeader(k: string, v: string) {
      out.headers[k] = v;
    },
    end(b?: string | Buffer) {
      out.body = b === undefined ? "" : String(b);
    },
  };
  return { res: res as unknown as ServerResponse, out };
}

function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), "tactica-maps-"));
  writeFileSync(join(root, "outside.map"), "outside");
  const dir = join(root, "movingai");
  mkdirSync(dir);
  mkdirSync(join(dir, "dao"));
  mkdirSync(join(dir, "sc1"));
  mkdirSync(join(dir, "empty"));
  writeFileSync(join(dir, "dao", "arena.map"), "type octile\nheight 1\nwidth 2\nmap\n..\n");
  writeFileSync(join(dir, "dao", "arena.map.scen"), "version 1\n");
  writeFileSync(join(dir, "sc1", "b.map"), "x");
  writeFileSync(join(dir, "sc1", "a.map"), "x");
  writeFileSync(join(dir, "secret.txt"), "no");
  return dir;
}

describe("playground shared-maps plugin", () => {
  it("lists the .map files per set, sorted, skipping empty sets and other files", () => {
    expect(listSharedMaps(fixture())).toEqual({ dao: ["arena"], sc1: ["a", "b"] });
  });

  it("serves the index and a map, and 404s traversal, unknown maps and non-.map files", () => {
    const dir = fixture();
    let r = fakeResponse();
    expect(handleSharedMapRequest(dir, SHARED_MAPS_INDEX, r.res)).toBe(true);
    expect(JSON.parse(r.out.body)).toEqual({ sets: { dao: ["arena"], sc1: ["a", "b"] } });
    r = fakeResponse();
    expect(handleSharedMapRequest(dir, `${SHARED_MAPS_PREFIX}dao/arena.map`, r.res)).toBe(true);
    expect(r.out.statusCode).toBe(200);
    expect(r.out.body).toContain("type octile");
    for (const bad of [
      "dao/../secret.txt",
      "..%2Fsecret.txt",
      "dao/missing.map",
      "dao/arena.map.scen",
      "dao",
      "dao/x/arena.map",
      "..%2Foutside.map",
      "../outside.map",
      ".%2Fdao/arena.map",
    ]) {
      r = fakeResponse();
      expect(handleSharedMapRequest(dir, `${SHARED_MAPS_PREFIX}${bad}`, r.res), bad).toBe(true);
      expect(r.out.statusCode, bad).toBe(404);
    }
    r = fakeResponse();
    expect(handleSharedMapRequest(dir, "/index.html", r.res)).toBe(false);
  });

  it("answers an empty list when the shared folder is missing", () => {
    const r = fakeResponse();
    expect(handleSharedMapRequest(null, SHARED_MAPS_INDEX, r.res)).toBe(true);
    expect(JSON.parse(r.out.body)).toEqual({ sets: {} });
    expect(sharedMapsDir({ TACTICA_SHARED: join(tmpdir(), "no-such-folder-tactica") })).toBeNull();
  });

  it("finds the real shared folder beside the repository", () => {
    const dir = sharedMapsDir();
    expect(dir).not.toBeNull();
    expect(listSharedMaps(dir!)["dao"]).toContain("arena2");
  });
});
