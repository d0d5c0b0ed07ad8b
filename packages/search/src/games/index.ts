/**
 * `@tactica/search/games`: example games that implement the adversarial `Game` contract of `@tactica/search` —
 * tic-tac-toe (solved: a draw), Connect Four, and chess with castling, en passant and promotion,
 * verified against the published perft counts. Tests, the bench and the playground use them; they
 * are also the reference for writing your own `Game`.
 *
 * @packageDocumentation
 */
export { createTicTacToe, type TicTacToe, type TicTacToeOptions } from "./tic-tac-toe";
export { CONNECT_FOUR_COLUMNS, CONNECT_FOUR_ROWS, createConnectFour, type ConnectFour, type ConnectFourOptions } from "./connect-four";
export {
  CHESS_START_FEN,
  ChessPiece,
  chessMoveToUci,
  chessSquareName,
  createChess,
  findChessMove,
  formatChessFen,
  parseChessFen,
  type Chess,
  type ChessOptions,
} from "./chess";
export { createZobristTable } from "./zobrist";
