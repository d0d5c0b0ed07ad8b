import { cases } from "../src/fuzz/cases/decision";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("decision", cases);
