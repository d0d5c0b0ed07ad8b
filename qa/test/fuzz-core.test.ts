import { cases } from "../src/fuzz/cases/core";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("core", cases);
