import { buildCircuit, type Circuit } from "../../app/domain/circuit";
import { ProviderError, type RingBatch } from "./types";

/** A ring's circuit, for a provider: a batch it cannot hold is an error that no retry can mend. */
export async function batchCircuit(batch: RingBatch): Promise<Circuit> {
  try {
    return await buildCircuit(batch);
  } catch (error) {
    if (error instanceof RangeError) throw new ProviderError(error.message, false);
    throw error;
  }
}
