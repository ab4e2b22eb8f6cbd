// The access matrix (test/access-matrix.ts) with people in SQLite.
import { describeAccessMatrix } from "@/test/access-matrix";

describeAccessMatrix("sqlite");
