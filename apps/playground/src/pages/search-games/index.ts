import { createRng, type Rng } from "@tactica/core";
import { createAlphaBeta, createAlphaBetaResult, createMcts, createMctsResult, getMctsRootStats, runMcts, searchBestMove, type Game } from "@tactica/search";
import {
  ChessPiece,
  chessMoveToUci,
  createChess,
  createConnectFour,
  createTicTacToe,
  CONNECT_FOUR_COLUMNS,
  CONNECT_FOUR_ROWS,
  type Chess,
  type ConnectFour,
  type TicTacToe,
} from "@tactica/search/games";
import type { DemoPage } from "../../demo";
import { button, demoLayout, placeStatsRight, select, slider } from "../../ui";

type GameName = "tic-tac-toe" | "connect four" | "chess";
type AiName = "alpha-beta" | "MCTS";

const W = 800;
const H = 600;
/** Unicode chess glyphs by piece type (index = type), white then black; every piece is drawn with the filled (black) set, coloured. */
const PIECE_GLYPH = ["", "♟", "♞", "♝", "♜", "♛", "♚"];
/** Chess board geometry on the canvas: square size and top-left corner (room for rank numbers on the left). */
const CHESS = { s: 64, ox: 40, oy: 30 };

const page: DemoPage = {
  id: "search-games",
  title: "Play against alpha-beta or MCTS",
  package: "search",
  order: 1,
  description:
    "Tic-tac-toe, Connect Four or chess against negamax alpha-beta (shows the principal variation) or MCTS (shows the visit counts). Click a square or column to move; for chess click a piece, then its destination. Strength sets the depth or the iteration count.",
  mount(root) {
    const { canvas, draw, panel, stats } = demoLayout(root, W, H);
    // Every board is drawn in the canvas's left 560 px: the stats go over the right-hand column
    // (below the stats toggle) instead of the top-left corner, where they covered chess rank 8.
    placeStatsRight(stats);
    let gameName: GameName = "connect four";
    let ai: AiName = "alpha-beta";
    let strength = 4;
    let humanSide = 0;
    let seed = 1;
    let rng: Rng = createRng(seed);
    let game: Game = createConnectFour();
    const engine = createAlphaBeta({ ttSizeLog2: 18 });
    const abResult = createAlphaBetaResult();
    const tree = createMcts({ maxNodes: 400_000, maxMoves: 256, maxPlayoutDepth: 400 });
    // Random chess games are long: cut chess playouts short (a cut playout scores as a draw).
    const chessTree = createMcts({ maxNodes: 200_000, maxMoves: 256, maxPlayoutDepth: 60 });
    const mctsResult = createMctsResult();
    const rootMoves = new Int32Array(256);
    const rootVisits = new Float64Array(256);
    const rootMeans = new Float64Array(256);
    let rootCount = 0;
    let info: string[] = [];
    let selected = -1;
    const history: number[] = [];
    const moveBuf = new Int32Array(256);

    function moveText(m: number): string {
      if (gameName === "chess") return chessMoveToUci(m);
      if (gameName === "connect four") return `c${m + 1}`;
      return `${"abc"[m % 3]}${3 - Math.floor(m / 3)}`;
    }

    function newGame(): void {
      rng = createRng(seed);
      game = gameName === "chess" ? createChess() : gameName === "connect four" ? createConnectFour() : createTicTacToe();
      history.length = 0;
      selected = -1;
      info = [];
      rootCount = 0;
      if (game.currentPlayer() !== humanSide) aiMove();
      render();
    }

    function aiMove(): void {
      if (game.isTerminal()) return;
      const t0 = performance.now();
      let move: number;
      if (ai === "alpha-beta") {
        const depth = gameName === "chess" ? Math.min(strength, 5) : gameName === "tic-tac-toe" ? Math.min(strength * 2, 9) : strength * 2;
        searchBestMove(abResult, engine, game, depth, { maxNodes: 400_000, aspirationWindow: gameName === "chess" ? 50 : 0 });
        move = abResult.bestMove;
        rootCount = 0;
        const pv = Array.from(abResult.pv.subarray(0, abResult.pvLength), moveText).join(" ");
        info = [
          `alpha-beta depth ${abResult.depth}, score ${abResult.score}`,
          `PV: ${pv}`,
          `nodes ${abResult.counters.nodes} + q ${abResult.counters.qnodes}`,
          `cut-offs ${abResult.counters.cutoffs}, TT hits ${abResult.counters.ttHits}`,
        ];
      } else {
        const iterations = (gameName === "chess" ? 25 : 200) * 2 ** strength;
        const t = gameName === "chess" ? chessTree : tree;
        runMcts(mctsResult, t, game, iterations, rng);
        move = mctsResult.bestMove;
        rootCount = getMctsRootStats(rootMoves, rootVisits, rootMeans, t);
        info = [
          `MCTS ${mctsResult.iterations} iterations, ${mctsResult.nodes} nodes`,
          `best ${moveText(move)}: ${mctsResult.bestVisits} visits, mean ${mctsResult.bestMean.toFixed(2)}`,
        ];
      }
      info.push(`time ${(performance.now() - t0).toFixed(0)} ms`);
      if (move >= 0) play(move);
    }

    function play(move: number): void {
      game.makeMove(move);
      history.push(move);
      selected = -1;
    }

    function humanMove(move: number): void {
      if (game.isTerminal() || game.currentPlayer() !== humanSide) return;
      const n = game.generateMoves(moveBuf, 0, false);
      for (let i = 0; i < n; i++) {
        if (moveBuf[i] === move) {
          play(move);
          aiMove();
          return;
        }
      }
    }

    function status(): string {
      if (!game.isTerminal()) return game.currentPlayer() === humanSide ? "your move" : "AI to move";
      const v = game.terminalValue(humanSide);
      return v === 1 ? "you win" : v === 0 ? "AI wins" : "draw";
    }

    function visitLabel(move: number): string {
      for (let i = 0; i < rootCount; i++) if (rootMoves[i] === move) return String(rootVisits[i]);
      return "";
    }

    function renderTicTacToe(g: TicTacToe): void {
      const s = 150;
      const ox = 40;
      const oy = 60;
      for (let i = 0; i < 9; i++) {
        const x = ox + (i % 3) * s;
        const y = oy + Math.floor(i / 3) * s;
        draw.rect(x, y, s - 6, s - 6, { color: "#1d2533", fill: true });
        const c = g.cells[i];
        if (c === 0) {
          draw.line(x + 30, y + 30, x + s - 36, y + s - 36, { color: "#7aa2f7", width: 6 });
          draw.line(x + s - 36, y + 30, x + 30, y + s - 36, { color: "#7aa2f7", width: 6 });
        } else if (c === 1) draw.circle(x + s / 2 - 3, y + s / 2 - 3, 45, { color: "#f7768e", width: 6 });
        else if (rootCount > 0) draw.text(x + 10, y + 20, visitLabel(i), { color: "#e0af68" });
      }
    }

    function renderConnectFour(g: ConnectFour): void {
      const s = 70;
      const ox = 20;
      const oy = 80;
      draw.rect(ox - 10, oy - 10, CONNECT_FOUR_COLUMNS * s + 20, CONNECT_FOUR_ROWS * s + 20, { color: "#24407a", fill: true });
      for (let c = 0; c < CONNECT_FOUR_COLUMNS; c++) {
        for (let r = 0; r < CONNECT_FOUR_ROWS; r++) {
          const v = g.cells[c * CONNECT_FOUR_ROWS + r];
          const color = v === 0 ? "#e0af68" : v === 1 ? "#f7768e" : "#0f1420";
          draw.circle(ox + c * s + s / 2 - 5, oy + (CONNECT_FOUR_ROWS - 1 - r) * s + s / 2 - 5, s / 2 - 8, { color, fill: true });
        }
        if (rootCount > 0) draw.text(ox + c * s + 16, oy - 24, visitLabel(c), { color: "#9ece6a" });
      }
    }

    /** Destination squares of the legal moves of the piece on `from` (0x88 squares). */
    function legalTargets(from: number): Set<number> {
      const targets = new Set<number>();
      if (from < 0 || game.isTerminal()) return targets;
      const n = game.generateMoves(moveBuf, 0, false);
      for (let i = 0; i < n; i++) if ((moveBuf[i]! & 127) === from) targets.add((moveBuf[i]! >> 7) & 127);
      return targets;
    }

    function renderChess(g: Chess): void {
      const { s, ox, oy } = CHESS;
      const last = history.length > 0 ? history[history.length - 1]! : -1;
      const lastFrom = last >= 0 ? last & 127 : -1;
      const lastTo = last >= 0 ? (last >> 7) & 127 : -1;
      const targets = legalTargets(selected);
      const ctx = draw.ctx;
      for (let r = 0; r < 8; r++) {
        for (let f = 0; f < 8; f++) {
          const sq = r * 16 + f;
          const x = ox + f * s;
          const y = oy + (7 - r) * s;
          const light = (r + f) % 2 === 1;
          draw.rect(x, y, s, s, { color: light ? "#e9d7b4" : "#a9825a", fill: true });
          // Last move: both squares tinted yellow; the selected piece's square green.
          if (sq === lastFrom || sq === lastTo) draw.rect(x, y, s, s, { color: light ? "#f2e27a" : "#c9b344", fill: true });
          if (sq === selected) draw.rect(x, y, s, s, { color: "#8fbf5a", fill: true });
          const p = g.board[sq]!;
          if (p !== ChessPiece.Empty) {
            const black = (p & ChessPiece.Black) !== 0;
            ctx.save();
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            ctx.font = `${Math.round(s * 0.78)}px "DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2", serif`;
            ctx.textAlign = "center";
            ctx.textBaseline = "middle";
            ctx.fillStyle = black ? "#1b1b1b" : "#fafafa";
            ctx.strokeStyle = black ? "#fafafa" : "#1b1b1b";
            ctx.lineWidth = 1.5;
            ctx.fillText(PIECE_GLYPH[p & 7]!, x + s / 2, y + s / 2 + 3);
            ctx.strokeText(PIECE_GLYPH[p & 7]!, x + s / 2, y + s / 2 + 3);
            ctx.restore();
          }
          // Legal moves of the selected piece: a dot on an empty square, a ring around a capture.
          if (targets.has(sq)) {
            if (p === ChessPiece.Empty) draw.circle(x + s / 2, y + s / 2, 9, { color: "rgba(20, 60, 20, 0.55)", fill: true });
            else draw.circle(x + s / 2, y + s / 2, s / 2 - 4, { color: "rgba(20, 90, 20, 0.8)", width: 4 });
          }
        }
        // Coordinates: ranks on the left, files below.
        draw.text(ox - 16, oy + (7 - r) * s + s / 2 + 4, String(r + 1), { color: "#9aa7b6" });
      }
      for (let f = 0; f < 8; f++) draw.text(ox + f * s + s / 2 - 4, oy + 8 * s + 16, "abcdefgh"[f]!, { color: "#9aa7b6" });
      // For tests and screen readers: what the markers show.
      canvas.dataset["lastMove"] = last >= 0 ? chessMoveToUci(last) : "";
      canvas.dataset["legalTargets"] = [...targets].map((t) => "abcdefgh"[t & 7]! + String((t >> 4) + 1)).join(" ");
    }

    function render(): void {
      draw.clear();
      if (gameName === "tic-tac-toe") renderTicTacToe(game as TicTacToe);
      else if (gameName === "connect four") renderConnectFour(game as ConnectFour);
      else renderChess(game as Chess);
      // The stats (status, moves, search info) sit over the right-hand column; the status is also
      // drawn at its foot, so it stays visible when the stats are hidden.
      draw.text(580, 585, status(), { color: "#cfd8e3" });
      stats.textContent = `${status()}\n${gameName} vs ${ai} (strength ${strength})\nmoves: ${history.map(moveText).join(" ")}\n${info.join("\n")}`;
    }

    function onClick(e: MouseEvent): void {
      const rect = canvas.getBoundingClientRect();
      const x = ((e.clientX - rect.left) * W) / rect.width;
      const y = ((e.clientY - rect.top) * H) / rect.height;
      if (gameName === "tic-tac-toe") {
        const c = Math.floor((x - 40) / 150);
        const r = Math.floor((y - 60) / 150);
        if (c >= 0 && c < 3 && r >= 0 && r < 3) humanMove(r * 3 + c);
      } else if (gameName === "connect four") {
        const c = Math.floor((x - 20) / 70);
        if (c >= 0 && c < CONNECT_FOUR_COLUMNS) humanMove(c);
      } else {
        const f = Math.floor((x - CHESS.ox) / CHESS.s);
        const r = 7 - Math.floor((y - CHESS.oy) / CHESS.s);
        if (f < 0 || f > 7 || r < 0 || r > 7) return;
        const sq = r * 16 + f;
        const chess = game as Chess;
        const p = chess.board[sq]!;
        if (p !== ChessPiece.Empty && ((p & ChessPiece.Black) !== 0) === (humanSide === 1)) selected = sq;
        else if (selected >= 0) {
          const n = game.generateMoves(moveBuf, 0, false);
          for (let i = 0; i < n; i++) {
            const m = moveBuf[i]!;
            const promo = (m >> 14) & 7;
            if ((m & 127) === selected && ((m >> 7) & 127) === sq && (promo === 0 || promo === ChessPiece.Queen)) {
              humanMove(m);
              break;
            }
          }
        }
      }
      render();
    }

    select(panel, "game", ["tic-tac-toe", "connect four", "chess"] as const, gameName, (v) => {
      gameName = v;
      newGame();
    });
    select(panel, "AI", ["alpha-beta", "MCTS"] as const, ai, (v) => {
      ai = v;
      render();
    });
    slider(panel, "strength", 1, 6, 1, strength, (v) => {
      strength = v;
    });
    button(panel, "new game (you first)", () => {
      humanSide = 0;
      newGame();
    });
    button(panel, "new game (AI first)", () => {
      humanSide = 1;
      seed++;
      newGame();
    });
    button(panel, "undo", () => {
      // Take back to the human's last turn.
      while (history.length > 0) {
        game.undoMove(history.pop()!);
        if (game.currentPlayer() === humanSide) break;
      }
      info = [];
      rootCount = 0;
      render();
    });
    canvas.addEventListener("click", onClick);
    const block = (e: MouseEvent) => e.preventDefault();
    canvas.addEventListener("contextmenu", block);
    newGame();
    return () => {
      canvas.removeEventListener("click", onClick);
      canvas.removeEventListener("contextmenu", block);
    };
  },
};

export default page;
