export * from "./tic-tac-toe";
export * from "./connect-four";
export * from "./chess";
