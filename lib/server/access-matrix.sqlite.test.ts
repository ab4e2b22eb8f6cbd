// The access matrix (lib/testing/access-matrix.ts) with people in SQLite.
import { describeAccessMatrix } from "@/lib/testing/access-matrix";

describeAccessMatrix("sqlite");
