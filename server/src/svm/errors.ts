/**
 * JSON-RPC errors of the local SVM (the codes a Solana node uses) and litesvm's transaction
 * errors in the JSON form a node gives them (`"AlreadyProcessed"`, `{ "InstructionError": [0, { "Custom": 1 }] }`).
 */
import type { FailedTransactionMetadata } from 'litesvm';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** sendTransaction: the preflight simulation (or the transaction itself) failed. */
export const SEND_FAILED = -32002;
/** sendTransaction: a signature does not verify. */
export const SIGNATURE_FAILED = -32003;
/** getTransaction of a versioned transaction without maxSupportedTransactionVersion. */
export const UNSUPPORTED_VERSION = -32015;

/** An error reply: `{ code, message, data? }`. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** `Invalid params: <what>` (-32602). */
export const invalidParams = (what: string) => new RpcError(INVALID_PARAMS, `Invalid params: ${what}`);

// The order of litesvm's (and solana-sdk's) TransactionError and InstructionError variants without fields.
const TX_ERRORS = (
  'AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee ' +
  'AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex SignatureFailure ' +
  'InvalidProgramForExecution SanitizeFailure ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit ' +
  'UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit ' +
  'TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData ' +
  'InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit ' +
  'MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ' +
  'ProgramCacheHitMaxLimit CommitCancelled'
).split(' ');
const INSTRUCTION_ERRORS = (
  'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds ' +
  'IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ' +
  'ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified ' +
  'DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged ' +
  'AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ' +
  'ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth ' +
  'MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded ' +
  'PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable ' +
  'IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner ' +
  'MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded ' +
  'BuiltinProgramsMustConsumeComputeUnits BorshIoError'
).split(' ');

/** A transaction error as JSON. */
export type TxError = string | Record<string, unknown>;

function instructionError(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError';
  const e = err as { code?: number; msg?: string };
  if (typeof e.code === 'number') return { Custom: e.code };
  return { BorshIoError: e.msg ?? '' };
}

/** The JSON form of a failed transaction's error. */
export function txErrorJson(failed: FailedTransactionMetadata): TxError {
  const err = failed.err() as unknown;
  if (typeof err === 'number') return TX_ERRORS[err] ?? 'SanitizeFailure';
  const e = err as { index?: number; accountIndex?: number; err?: () => unknown; constructor: { name: string } };
  if (typeof e.err === 'function') return { InstructionError: [e.index, instructionError(e.err())] };
  if (e.constructor.name.includes('DuplicateInstruction')) return { DuplicateInstruction: e.index };
  if (e.constructor.name.includes('InsufficientFundsForRent')) return { InsufficientFundsForRent: { account_index: e.accountIndex } };
  return { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } };
}

/** A short text for messages: `InstructionError: [0,{"Custom":1}]`. */
export function describeTxError(err: TxError): string {
  if (typeof err === 'string') return err;
  const [key, value] = Object.entries(err)[0]!;
  return `${key}: ${JSON.stringify(value)}`;
}
