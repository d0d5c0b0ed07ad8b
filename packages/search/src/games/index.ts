/**
 * `@tactica/search/games`: example games that implement the adversarial `Game` contract of `@tactica/search` —
 * tic-tac-toe (solved: a draw), Connect Four, and chess with castling, en passant and promotion,
 * verified against the published perft counts. Tests, the bench and the playground use them; they
 * are also the reference for writing your own `Game`.
 *
 * @packageDocumentation
 */
export * from "./tic-tac-toe";
export * from "./connect-four";
export * from "./chess";
export * from "./zobrist";
