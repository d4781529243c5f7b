/**
 * The codes of what a user sees for an error (`W3Error.messageCode`): the class name of a failure
 * with a known text (a known RPC code, or a class's own default text), or a named case. The
 * elements turn each into localized text (src/elements/l10n/errors.ts); an error without one
 * shows its message as given (a wallet's own words are data).
 */
export type RpcMessageCode =
  | 'UserRejectedRequestError'
  | 'UnauthorizedProviderError'
  | 'UnsupportedProviderMethodError'
  | 'ProviderDisconnectedError'
  | 'ChainDisconnectedError'
  | 'SwitchChainError'
  | 'UnsupportedNonOptionalCapabilityError'
  | 'UnsupportedChainIdError'
  | 'DuplicateIdError'
  | 'UnknownBundleIdError'
  | 'BundleTooLargeError'
  | 'AtomicReadyWalletRejectedUpgradeError'
  | 'AtomicityNotSupportedError'
  | 'ParseRpcError'
  | 'InvalidRequestRpcError'
  | 'MethodNotFoundRpcError'
  | 'InvalidParamsRpcError'
  | 'InternalRpcError'
  | 'InvalidInputRpcError'
  | 'ResourceNotFoundRpcError'
  | 'ResourceUnavailableRpcError'
  | 'TransactionRejectedRpcError'
  | 'MethodNotSupportedRpcError'
  | 'LimitExceededRpcError'
  | 'JsonRpcVersionUnsupportedError'
  | 'SignatureDeclinedError';

/** Classes made by defineError with a default text. */
export type DefaultMessageCode =
  | 'NetworkNotFoundError'
  | 'ChainNotSupportedError'
  | 'WalletNotFoundError'
  | 'ConnectionRejectedError'
  | 'NotConnectedError'
  | 'AdapterNotFoundError';

export type ErrorMessageCode =
  | RpcMessageCode
  | DefaultMessageCode
  /** No message at all ('An error occurred'). */
  | 'UnknownError'
  /** A WalletConnect session that approved no eip155 chain. */
  | 'NoEip155Chain'
  | 'NoSessionToRestore'
  | 'ProjectIdNotConfigured'
  | 'WalletConnectNotConfigured'
  /** Reading a chain failed: no reply in time, an HTTP status (the error's `code`), HTTP, a node's error. */
  | 'RequestTimeout'
  | 'HttpStatus'
  | 'ChainHttpFailed'
  | 'ChainRpcFailed'
  | 'InvalidInput'
  /** The embedded wallet's frame (spec 8): an RPC request aborted, any other abort, the bridge's chunk, no iframe. */
  | 'FrameRpcAborted'
  | 'FrameAborted'
  | 'FrameDependency'
  | 'FrameNoIframe'
  /** The frame's load and request timeouts (spec 8's alerts, as an error's text). */
  | 'FrameLoadFailed'
  | 'FrameTimedOut'
  /** E-mail cooldown (spec 5): 'Please try again after N seconds', N the error's `code`. */
  | 'EmailCooldown'
  /** Sign in with X against a backend: it is out of reach, the signed request expired or was spent, or it refused the sign-in. */
  | 'SignInUnreachable'
  | 'SignInExpired'
  | 'SignInRefused'
  /** EIP-5792 (aa-calls): the wallet has no wallet_getCallsStatus / wallet_sendCalls; 99 batches of the account are pending. */
  | 'CallsStatusNotApproved'
  | 'SendCallsNotSupported'
  | 'TooManyPendingCalls'
  | FrameRefusalCode;

/**
 * The embedded wallet's refusals: the frame's and its backend's reasons (src/frame/bridge/refusals.ts)
 * and the e-mail forms' own checks, each with its words (src/elements/l10n/frame-errors.ts).
 * CodeWrong's and RateLimited's number is the error's `code`.
 */
export type FrameRefusalCode =
  | 'FrameRefused'
  | 'EmailInvalid'
  | 'EmailIsCurrent'
  | 'EmailTaken'
  | 'NoEmailAddress'
  | 'LoginNotPending'
  | 'RequestGone'
  | 'DeviceNotApproved'
  | 'DeviceTimeout'
  | 'CodeInvalid'
  | 'CodeNotSent'
  | 'CodeWrong'
  | 'CodeExpired'
  | 'TooManyAttempts'
  | 'AttemptsEnded'
  | 'RateLimited'
  | 'MailLimit'
  | 'ServerFull'
  | 'MailNotConfigured'
  | 'MailNotSent'
  | 'UnknownProject'
  | 'SessionExpired'
  | 'NoKeys'
  | 'ServerUnreachable'
  | 'NotLoggedIn'
  | 'NoDeviceShare'
  | 'NoSmartAccounts'
  | 'FarcasterExpired'
  | 'FarcasterTimeout'
  /** The browser refused the frame its storage (a cross-site frame, third-party storage blocked). */
  | 'FrameStorageRefused'
  | 'PasskeysUnsupported'
  | 'PasskeyCancelled'
  | 'PasskeyNotCreated'
  | 'PasskeyNotUsed'
  | 'PasskeyNoPrf'
  | 'TooManyPending';
