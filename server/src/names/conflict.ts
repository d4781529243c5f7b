/** A registration refused for the state of the registry (the name is taken, the address has one). */
export class NameConflictError extends Error {
  override name = 'NameConflictError';
  constructor(
    readonly field: 'name' | 'address',
    message: string,
  ) {
    super(message);
  }
}
