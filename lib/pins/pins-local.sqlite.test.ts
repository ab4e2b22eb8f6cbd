// Definition pinning in local mode, on SQLite (test/definition-pins.ts).
import { describeLocalPinning } from "@/test/definition-pins";

describeLocalPinning("sqlite");
