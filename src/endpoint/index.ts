/**
 * What the harness knows about OpenAI-compatible model servers as they behave in the field:
 * their self-description (`/v1/models`, vLLM's `/tokenize`), their error answers (which ones
 * are context overflows) and their streams (assembly and completeness).
 */
export type {
  CompletionStreamHooks,
  CompletionStreamReader,
  StreamEventKind,
  StreamVerdict,
} from './completion-stream.ts'
export { RESTART_EVENT, RESTART_HEADER, readCompletionStream } from './completion-stream.ts'
export type { EndpointError } from './overflow.ts'
export { errorOfJson, isContextOverflow, readEndpointError, validationParameter } from './overflow.ts'
export type { ModelCard, PromptCount, ServerAddress, TokenizeChatRequest } from './server-info.ts'
export { listModels, serverRoot, serverVersion, tokenizeChat } from './server-info.ts'
