// Definition pinning in local mode, on PostgreSQL (test/definition-pins.ts).
import { appOnPostgres } from "@/test/app-on-postgres";
import { describeLocalPinning } from "@/test/definition-pins";

appOnPostgres("toolscope_pins");
describeLocalPinning("postgres");
