import { cases } from "../src/fuzz/cases/search";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("search", cases);
