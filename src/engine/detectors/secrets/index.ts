import type { TextDetector } from "../../types.js";
import { createAnthropicKeyDetector } from "./anthropic-key.js";
import { createAwsAccessKeyDetector } from "./aws-access-key.js";
import { createAwsSecretKeyDetector } from "./aws-secret-key.js";
import { createAzureStorageKeyDetector } from "./azure-storage-key.js";
import { createGcpApiKeyDetector } from "./gcp-api-key.js";
import { createGcpServiceAccountDetector } from "./gcp-service-account.js";
import { createGenericCredentialDetector } from "./generic-credential.js";
import { createGithubTokenDetector } from "./github-token.js";
import { createGitlabTokenDetector } from "./gitlab-token.js";
import { createJwtDetector } from "./jwt.js";
import { createNpmTokenDetector } from "./npm-token.js";
import { createOpenaiKeyDetector } from "./openai-key.js";
import { createPrivateKeyDetector } from "./private-key.js";
import { SECRET_TYPES, type SecretType } from "./secret-types.js";
import { createSlackTokenDetector } from "./slack-token.js";
import { createStripeKeyDetector } from "./stripe-key.js";
import { createUrlCredentialsDetector } from "./url-credentials.js";

export { SECRET_TYPES, type SecretType };

export interface SecretDetectorOptions {
  /** Which secret types to detect; all of SECRET_TYPES when omitted. */
  types?: readonly SecretType[];
}

const FACTORIES: Record<SecretType, () => TextDetector> = {
  private_key: createPrivateKeyDetector,
  jwt: createJwtDetector,
  aws_access_key: createAwsAccessKeyDetector,
  aws_secret_key: createAwsSecretKeyDetector,
  gcp_api_key: createGcpApiKeyDetector,
  gcp_service_account: createGcpServiceAccountDetector,
  azure_storage_key: createAzureStorageKeyDetector,
  github_token: createGithubTokenDetector,
  gitlab_token: createGitlabTokenDetector,
  slack_token: createSlackTokenDetector,
  stripe_key: createStripeKeyDetector,
  openai_key: createOpenaiKeyDetector,
  anthropic_key: createAnthropicKeyDetector,
  npm_token: createNpmTokenDetector,
  url_credentials: createUrlCredentialsDetector,
  generic_credential: createGenericCredentialDetector,
};

/** One detector per requested secret type, in SECRET_TYPES order. */
export function createSecretDetectors(options: SecretDetectorOptions = {}): TextDetector[] {
  const wanted = new Set<SecretType>(options.types ?? SECRET_TYPES);
  return SECRET_TYPES.filter((type) => wanted.has(type)).map((type) => FACTORIES[type]());
}
