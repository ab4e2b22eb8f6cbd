// Model providers given in the UI, on postgres (test/model-provider-store.ts).
import { describeProviderStore } from "@/test/model-provider-store";

describeProviderStore("postgres");
