/** A failed `aa deploy` or `bundler`: `usage` means the command line was wrong (exit 2), otherwise the chain or the bundler (exit 1). */
export class AaDeployError extends Error {
  override name = 'AaDeployError';
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}
