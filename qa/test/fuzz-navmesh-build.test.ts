import { cases } from "../src/fuzz/cases/navmesh-build";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("navmesh-build", cases);
