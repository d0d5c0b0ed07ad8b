import { cases } from "../src/fuzz/cases/navmesh";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("navmesh", cases);
