// The access matrix (test/access-matrix.ts) with people in PostgreSQL.
import { describeAccessMatrix } from "@/test/access-matrix";

describeAccessMatrix("postgres");
