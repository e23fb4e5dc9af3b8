export const SECRET_TYPES = [
  "private_key",
  "jwt",
  "aws_access_key",
  "aws_secret_key",
  "gcp_api_key",
  "gcp_service_account",
  "azure_storage_key",
  "github_token",
  "gitlab_token",
  "slack_token",
  "stripe_key",
  "openai_key",
  "anthropic_key",
  "npm_token",
  "url_credentials",
  "generic_credential",
] as const;

export type SecretType = (typeof SECRET_TYPES)[number];
