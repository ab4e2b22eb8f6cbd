// The access matrix (lib/testing/access-matrix.ts) with people in PostgreSQL.
import { describeAccessMatrix } from "@/lib/testing/access-matrix";

describeAccessMatrix("postgres");
