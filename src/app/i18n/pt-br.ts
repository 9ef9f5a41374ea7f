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
        'O provedor responde às consultas, mas este envio não teve resposta: ou a conexão caiu depois do envio (o provedor pode ter recebido o pedido), ou o navegador nem chegou a enviá-lo. Confira o resultado antes de enviar de novo; se acontecer a cada envio, avise o suporte (veja os detalhes técnicos).',
      timeout: 'O provedor não respondeu a tempo ({{seconds}} s). Tente novamente.',
      noAnswer: 'O provedor não respondeu. Tente novamente em instantes.',
      server: 'O provedor teve uma falha.',
      serverNoBody: 'O provedor está indisponível no momento. Tente novamente em instantes.',
      tryLater: 'Tente novamente mais tarde.',
      contract:
        'A resposta do provedor veio num formato inesperado. Tente novamente; se persistir, avise o suporte (os detalhes técnicos dizem o que veio diferente).',
      forbidden: 'Sem permissão: o seu acesso não inclui esta operação.',
      rateLimited: 'Muitos pedidos em pouco tempo. Aguarde {{seconds}} s e tente novamente.',
      rateLimitedNoWait: 'Muitos pedidos em pouco tempo. Aguarde um pouco e tente novamente.',
      unauthorized: 'Sessão expirada. Entre de novo para continuar.',
      refusedOrigin:
        'Pedido não enviado: o endereço configurado aponta para fora do servidor do provedor. Avise o suporte.',
      clientError: 'O provedor recusou o pedido.',
      unexpected: 'Erro inesperado. Tente novamente; se persistir, avise o suporte.',
    },
    technical: {
      summary: 'Detalhes técnicos (para o suporte)',
      copy: 'Copiar os detalhes técnicos',
      copied: 'Detalhes copiados',
      operation: 'Operação: {{operation}}',
      status: 'Situação HTTP: {{status}}',
      kind: 'Tipo de falha: {{kind}}',
      field: 'Campo fora do contrato: {{field}}',
      contractBody: 'Campo fora do contrato: o corpo da resposta',
      retryAfter: 'Retry-After: {{seconds}} s',
      errorObject: 'Objeto de erro do provedor (sem os textos): {{json}}',
      omitted: '(texto omitido: pode conter dados pessoais)',
      headerRefused:
        'O provedor pode não aceitar o cabeçalho Idempotency-Key (CORS): inclua-o em Access-Control-Allow-Headers do provedor, ou desligue sendIdempotencyKey na configuração.',
    },
  },
} as const;

export type Translations = TextShape<typeof ptBR>;
