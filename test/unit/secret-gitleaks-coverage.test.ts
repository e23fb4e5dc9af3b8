/**
 * Which record covers each rule of gitleaks' default configuration (config/gitleaks.toml at b58d3f1, 222 rules; MIT):
 * issue 16 asks for at least its vendors as records of this project's own. Only the rule ids are named here (what a
 * vendor's token looks like is re-expressed in secret-tokens.ts; no pattern or example is copied). A rule with no
 * record is listed in NOT_COVERED with the reason, so a gap is a decision written down, not an oversight.
 */
import { describe, expect, it } from "vitest";
import { SECRET_RULES } from "../../src/engine/rules/built-in/secrets.js";

/** Our record type, then the gitleaks rule ids it covers (space-separated). */
const COVERAGE: Record<string, string> = {
  onepassword_token: "1password-secret-key 1password-service-account-token",
  adafruit_key: "adafruit-api-key",
  adobe_key: "adobe-client-id adobe-client-secret",
  age_secret_key: "age-secret-key",
  airtable_token: "airtable-api-key airtable-personnal-access-token",
  algolia_key: "algolia-api-key",
  alibaba_key: "alibaba-access-key-id alibaba-secret-key",
  anthropic_key: "anthropic-admin-api-key anthropic-api-key",
  artifactory_token: "artifactory-api-key artifactory-reference-token jfrog-api-key jfrog-identity-token",
  asana_token: "asana-client-id asana-client-secret",
  atlassian_token: "atlassian-api-token",
  authress_key: "authress-service-client-access-key",
  aws_access_key: "aws-access-token",
  aws_bedrock_key: "aws-amazon-bedrock-api-key-long-lived aws-amazon-bedrock-api-key-short-lived",
  azure_ad_client_secret: "azure-ad-client-secret",
  beamer_token: "beamer-api-token",
  bitbucket_secret: "bitbucket-client-id bitbucket-client-secret",
  bittrex_key: "bittrex-access-key bittrex-secret-key",
  cisco_meraki_key: "cisco-meraki-api-key",
  clickhouse_key: "clickhouse-cloud-api-secret-key",
  clojars_token: "clojars-api-token",
  cloudflare_key: "cloudflare-api-key cloudflare-global-api-key cloudflare-origin-ca-key",
  codecov_token: "codecov-access-token",
  cohere_key: "cohere-api-token",
  coinbase_token: "coinbase-access-token",
  confluent_key: "confluent-access-token confluent-secret-key",
  contentful_token: "contentful-delivery-api-token",
  databricks_token: "databricks-api-token",
  datadog_key: "datadog-access-token",
  defined_networking_token: "defined-networking-api-token",
  digitalocean_token: "digitalocean-access-token digitalocean-pat digitalocean-refresh-token",
  discord_token: "discord-api-token discord-client-id discord-client-secret",
  doppler_token: "doppler-api-token",
  droneci_token: "droneci-access-token",
  dropbox_token: "dropbox-api-token dropbox-long-lived-api-token dropbox-short-lived-api-token",
  duffel_token: "duffel-api-token",
  dynatrace_token: "dynatrace-api-token",
  easypost_token: "easypost-api-token easypost-test-api-token",
  etsy_token: "etsy-access-token",
  facebook_token: "facebook-page-access-token facebook-secret",
  facebook_app_token: "facebook-access-token",
  fastly_token: "fastly-api-token",
  finicity_token: "finicity-api-token finicity-client-secret",
  finnhub_token: "finnhub-access-token",
  flickr_token: "flickr-access-token",
  flutterwave_key: "flutterwave-encryption-key flutterwave-public-key flutterwave-secret-key",
  flyio_token: "flyio-access-token",
  frameio_token: "frameio-api-token",
  freshbooks_token: "freshbooks-access-token",
  gcp_api_key: "gcp-api-key",
  generic_credential:
    "generic-api-key curl-auth-header curl-auth-user freemius-secret-key hashicorp-tf-password nuget-config-password",
  github_token: "github-app-token github-fine-grained-pat github-oauth github-pat github-refresh-token",
  gitlab_token:
    "gitlab-cicd-job-token gitlab-deploy-token gitlab-feature-flag-client-token gitlab-feed-token " +
    "gitlab-incoming-mail-token gitlab-kubernetes-agent-token gitlab-oauth-app-secret gitlab-pat gitlab-pat-routable " +
    "gitlab-ptt gitlab-rrt gitlab-runner-authentication-token gitlab-runner-authentication-token-routable " +
    "gitlab-scim-token gitlab-session-cookie",
  gitter_token: "gitter-access-token",
  gocardless_token: "gocardless-api-token",
  grafana_token: "grafana-api-key grafana-cloud-api-token grafana-service-account-token",
  harness_token: "harness-api-key",
  hashicorp_tf_token: "hashicorp-tf-api-token",
  heroku_key: "heroku-api-key heroku-api-key-v2",
  hubspot_key: "hubspot-api-key",
  huggingface_token: "huggingface-access-token huggingface-organization-api-token",
  infracost_token: "infracost-api-token",
  intercom_token: "intercom-api-key",
  intra42_secret: "intra42-client-secret",
  jwt: "jwt",
  jwt_base64: "jwt-base64",
  kraken_token: "kraken-access-token",
  kubernetes_secret: "kubernetes-secret-yaml",
  kucoin_key: "kucoin-access-token kucoin-secret-key",
  launchdarkly_token: "launchdarkly-access-token",
  linear_key: "linear-api-key linear-client-secret",
  linkedin_secret: "linkedin-client-id linkedin-client-secret",
  lob_key: "lob-api-key lob-pub-api-key",
  looker_secret: "looker-client-id looker-client-secret",
  mailchimp_key: "mailchimp-api-key",
  mailgun_key: "mailgun-private-api-token mailgun-pub-key mailgun-signing-key",
  mapbox_token: "mapbox-api-token",
  mattermost_token: "mattermost-access-token",
  maxmind_license_key: "maxmind-license-key",
  messagebird_token: "messagebird-api-token messagebird-client-id",
  microsoft_teams_webhook: "microsoft-teams-webhook",
  netlify_token: "netlify-access-token",
  newrelic_key:
    "new-relic-browser-api-token new-relic-insert-key new-relic-user-api-id new-relic-user-api-key",
  notion_token: "notion-api-token",
  npm_token: "npm-access-token",
  nytimes_token: "nytimes-access-token",
  octopus_deploy_key: "octopus-deploy-api-key",
  okta_token: "okta-access-token",
  openai_key: "openai-api-key",
  openshift_token: "openshift-user-token",
  perplexity_key: "perplexity-api-key",
  plaid_token: "plaid-api-token plaid-client-id plaid-secret-key",
  planetscale_token: "planetscale-api-token planetscale-oauth-token planetscale-password",
  postman_token: "postman-api-token",
  prefect_token: "prefect-api-token",
  private_key: "private-key",
  privateai_token: "privateai-api-token",
  pulumi_token: "pulumi-api-token",
  pypi_token: "pypi-upload-token",
  rapidapi_token: "rapidapi-access-token",
  readme_token: "readme-api-token",
  rubygems_token: "rubygems-api-token",
  scalingo_token: "scalingo-api-token",
  sendbird_token: "sendbird-access-id sendbird-access-token",
  sendgrid_key: "sendgrid-api-token",
  sendinblue_key: "sendinblue-api-token",
  sentry_token: "sentry-access-token sentry-org-token sentry-user-token",
  settlemint_token:
    "settlemint-application-access-token settlemint-personal-access-token settlemint-service-access-token",
  shippo_token: "shippo-api-token",
  shopify_token:
    "shopify-access-token shopify-custom-access-token shopify-private-app-access-token shopify-shared-secret",
  sidekiq_secret: "sidekiq-secret",
  url_credentials: "sidekiq-sensitive-url",
  slack_token:
    "slack-app-token slack-bot-token slack-config-access-token slack-config-refresh-token slack-legacy-bot-token " +
    "slack-legacy-token slack-legacy-workspace-token slack-user-token slack-webhook-url",
  snyk_token: "snyk-api-token",
  sonar_token: "sonar-api-token",
  sourcegraph_token: "sourcegraph-access-token",
  square_token: "square-access-token",
  squarespace_token: "squarespace-access-token",
  stripe_key: "stripe-access-token",
  sumologic_key: "sumologic-access-id sumologic-access-token",
  telegram_bot_token: "telegram-bot-api-token",
  travisci_token: "travisci-access-token",
  twilio_key: "twilio-api-key",
  twitch_token: "twitch-api-token",
  twitter_token:
    "twitter-access-secret twitter-access-token twitter-api-key twitter-api-secret twitter-bearer-token",
  typeform_token: "typeform-api-token",
  vault_token: "vault-batch-token vault-service-token",
  yandex_key: "yandex-access-token yandex-api-key yandex-aws-access-token",
  zendesk_key: "zendesk-secret-key",
};

/** Rules of the default configuration with no record, and why. */
const NOT_COVERED: Record<string, string> = {
  "pkcs12-file": "a binary key store is matched by file path; this scanner reads text",
};

describe("gitleaks' default configuration, rule by rule", () => {
  const types = new Set<string>(SECRET_RULES.map((r) => r.type));
  const covered = Object.values(COVERAGE).flatMap((ids) => ids.split(" "));

  it("names each of its 222 rules once, as covered or not", () => {
    const all = [...covered, ...Object.keys(NOT_COVERED)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(222);
  });

  it.each(Object.keys(COVERAGE))("has a record secret.%s", (type) => expect(types.has(type)).toBe(true));
});
