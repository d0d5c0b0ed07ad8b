import { cases } from "../src/fuzz/cases/grid";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("grid", cases);
