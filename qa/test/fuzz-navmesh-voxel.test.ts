import { cases } from "../src/fuzz/cases/navmesh-voxel";
import { fuzzSuite } from "./fuzz-suite";

fuzzSuite("navmesh-voxel", cases);
