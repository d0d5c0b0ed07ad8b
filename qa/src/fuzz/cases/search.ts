// Loaders of @tactica/search: the chess FEN reader (a new game, and setFen into a running game).
import { createPerftBuffers, perft } from "@tactica/search";
import { CHESS_START_FEN, createChess, parseChessFen, type Chess } from "@tactica/search/games";
import fc from "fast-check";
import type { LoaderCase } from "../kit";

const FENS = [
  CHESS_START_FEN,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // "Kiwipete"
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
  "4k3/8/8/8/8/8/8/4K3 b - -",
];

const buffers = createPerftBuffers(2, 256);

/** Loads and plays a little from the position, so a wrong-but-accepted FEN cannot crash later. */
function exercise(game: Chess): void {
  perft(game, 2, buffers);
  game.getFen();
}

const pieces = fc.constantFrom("K", "k", "Q", "q", "P", "p", "N", "1", "8", "9", "0", "x");
const rank = fc.array(pieces, { minLength: 0, maxLength: 10 }).map((a) => a.join(""));

const parseFen: LoaderCase<string> = {
  pkg: "search",
  name: "parseChessFen",
  kind: "text",
  seeds: FENS,
  // Well-formed but wrong: two kings a side, pawns on the back rank, negative or huge counters, bad ranks.
  wrong: fc.oneof(
    fc
      .tuple(
        fc.array(rank, { minLength: 7, maxLength: 9 }),
        fc.constantFrom("w", "b", "x"),
        fc.constantFrom("-", "KQkq", "Kx"),
        fc.constantFrom("-", "e3", "e4", "z9"),
      )
      .map(([ranks, side, castle, ep]) => `${ranks.join("/")} ${side} ${castle} ${ep} 0 1`),
    fc
      .tuple(fc.constantFrom("-1", "1e309", "99999999999", "1.5", "NaN", "0"), fc.constantFrom("-5", "0", "2", "1e12"))
      .map(([h, f]) => `4k3/8/8/8/8/8/8/4K3 w - - ${h} ${f}`),
    fc.constantFrom(
      "4kk2/8/8/8/8/8/8/4K3 w - - 0 1",
      "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
      "4k3/8/8/8/8/8/8/4K2p b - - 0 1",
      "4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1",
      "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
      "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1",
    ),
  ),
  load: (fen) => {
    const g = parseChessFen(fen);
    exercise(g);
    return g;
  },
};

const setFen: LoaderCase<string> = {
  pkg: "search",
  name: "chess.setFen",
  kind: "text",
  seeds: FENS,
  wrong: parseFen.wrong!,
  target: {
    create: () => {
      const g = createChess({ fen: FENS[1]! });
      return g;
    },
    hash: (t) => {
      const g = t as Chess;
      return `${g.getFen()}|${g.currentPlayer()}|${g.hashLo()},${g.hashHi()}`;
    },
    restore: (t, fen) => {
      const g = t as Chess;
      g.setFen(fen);
      exercise(g);
    },
  },
};

/** Every loader of the package, for the unit suite and `pnpm fuzz`. */
export const cases: readonly LoaderCase<unknown>[] = [parseFen, setFen];
