// Model providers given in the UI, on sqlite (test/model-provider-store.ts).
import { describeProviderStore } from "@/test/model-provider-store";

describeProviderStore("sqlite");
