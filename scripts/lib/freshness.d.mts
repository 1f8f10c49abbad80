export function isStale(output: string, inputs: string[]): boolean;
export function buildOutputs(root: string): { name: string; output: string; inputs: string[] }[];
export function staleBuilds(root: string): string[];
