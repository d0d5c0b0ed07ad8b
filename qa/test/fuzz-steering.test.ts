import { cases } from "../src/fuzz/cases/steering";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("steering", cases);
