import { cases } from "../src/fuzz/cases/perception";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("perception", cases);
