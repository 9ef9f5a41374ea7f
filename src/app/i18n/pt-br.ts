import type { TextShape } from '@/lib/texts';

/**
 * The app's own texts (shell, errors, placeholders) in Brazilian Portuguese, the default language.
 * `en.ts` must have the same keys (the type checks it). Each feature keeps its texts in its own texts.ts.
 */
export const ptBR = {
  app: {
    name: 'Cartões · Back-office',
    titleSuffix: 'Cartões Back-office',
    skipToContent: 'Pular para o conteúdo',
    sandboxBanner: 'SANDBOX: dados fictícios, nenhuma operação é real',
    environment: 'Ambiente: {{name}}',
    offline:
      'Sem conexão com a internet. Nada será enviado até a conexão voltar; o que você digitou continua aqui.',
    navigationLabel: 'Navegação principal',
    openNavigation: 'Abrir navegação',
    language: 'Idioma',
    themeToLight: 'Usar tema claro',
    themeToDark: 'Usar tema escuro',
    signOut: 'Sair',
    signedOut: 'Você saiu. Os dados desta aba foram apagados.',
    loadingScreen: 'Carregando a tela…',
    session: {
      expiresAt: 'Token expira às {{time}}',
    },
  },
  nav: {
    products: 'Produtos',
    newApplication: 'Nova proposta',
    analysisStatus: 'Análises por CPF',
    cards: 'Cartões',
    accounts: 'Contas',
  },
  languages: {
    'pt-BR': 'Português (Brasil)',
    en: 'English',
  },
  errors: {
    retry: 'Tentar novamente',
    providerSaid: '(provedor: «{{text}}»)',
    notFoundTitle: 'Página não encontrada',
    notFoundBody: 'O endereço {{path}} não existe neste aplicativo.',
    goHome: 'Ir para os produtos',
    routeTitle: 'Esta tela encontrou um erro',
    routeBody:
      'Algo inesperado aconteceu ao mostrar esta tela. O restante do aplicativo continua funcionando.',
    chunkTitle: 'Não foi possível carregar esta tela',
    chunkBody:
      'O arquivo da tela não chegou (conexão instável ou nova versão publicada). Recarregue a página.',
    reloadPage: 'Recarregar a página',
    configTitle: 'Configuração inválida',
    configBody: 'O aplicativo não pode iniciar porque o arquivo /config.json não é válido. Avise o suporte.',
    configKey: 'Chave com problema: {{key}}',
    configNoKey: 'O arquivo inteiro',
    configDetail: 'Detalhe: {{detail}}',
    sandboxStartTitle: 'O sandbox não pôde iniciar',
    sandboxStartBody:
      'O modo sandbox precisa de um service worker, que este navegador recusou. Recarregue a página; se persistir, use outro navegador.',
    api: {
      network: 'Sem resposta do provedor. Verifique sua conexão e tente novamente.',
      networkHeaderRefused:
        'O provedor responde às consultas, mas este envio não teve resposta. Ou a conexão caiu depois do envio (o provedor pode ter recebido o pedido), ou o navegador nem chegou a enviá-lo porque o provedor não aceita o cabeçalho Idempotency-Key (CORS). Se isso acontece a cada envio, peça a quem implanta o app para incluir Idempotency-Key em Access-Control-Allow-Headers do provedor, ou para desligar a chave sendIdempotencyKey.',
      timeout: 'O provedor não respondeu a tempo ({{seconds}} s). Tente novamente.',
      server: 'O provedor teve uma falha (HTTP {{status}}).',
      serverNoBody:
        'O provedor está indisponível no momento (HTTP {{status}}). Tente novamente em instantes.',
      tryLater: 'Tente novamente mais tarde.',
      contract:
        'A resposta do provedor não segue o contrato ({{field}}). Tente novamente; se persistir, avise o suporte.',
      contractBody: 'corpo da resposta',
      forbidden: 'Sem permissão: o token atual não dá acesso a esta operação.',
      rateLimited: 'Muitas requisições em pouco tempo. Aguarde {{seconds}} s e tente novamente.',
      rateLimitedNoWait: 'Muitas requisições em pouco tempo. Aguarde um pouco e tente novamente.',
      unauthorized: 'Sessão expirada. Informe um novo token para continuar.',
      refusedOrigin:
        'Chamada não enviada: o endereço configurado aponta para fora do servidor do provedor. Avise o suporte (configuração).',
      clientError: 'O provedor recusou a requisição (HTTP {{status}}).',
      unexpected: 'Erro inesperado. Tente novamente; se persistir, avise o suporte.',
    },
  },
  copyCode: {
    copy: 'Copiar o código {{code}}',
    copied: 'Copiado',
    copyFailed: 'Não foi possível copiar; selecione o código e use Ctrl+C.',
  },
  placeholder: {
    title: 'Em construção',
    body: 'Esta tela ainda não está disponível.',
  },
} as const;

export type Translations = TextShape<typeof ptBR>;
