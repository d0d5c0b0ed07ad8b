import { cases } from "../src/fuzz/cases/narrative";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("narrative", cases);
