import { cases } from "../src/fuzz/cases/planning";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("planning", cases);
