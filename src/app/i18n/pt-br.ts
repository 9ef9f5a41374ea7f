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
    signOutDialog: {
      title: 'Sair e apagar o trabalho desta aba?',
      intro: 'Ao sair, o que existe só nesta aba é apagado:',
      draft: 'uma proposta de crédito que ainda não foi enviada;',
      batch: 'uma consulta em lote em andamento ({{done}} de {{total}} CPFs consultados);',
      journal_one: '{{count}} operação de cartão no diário desta aba, fora de qualquer arquivo exportado;',
      journal_other: '{{count}} operações de cartão no diário desta aba, fora de qualquer arquivo exportado;',
      nothingLeft: 'O diário foi exportado. Nada mais se perde ao sair.',
      stay: 'Continuar aqui',
      exportJournal: 'Exportar o diário',
      leave: 'Sair e apagar',
    },
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
      errorObject: 'Objeto de erro do provedor: {{json}}',
      headerRefused:
        'O provedor pode não aceitar o cabeçalho Idempotency-Key (CORS): inclua-o em Access-Control-Allow-Headers do provedor, ou desligue sendIdempotencyKey na configuração.',
    },
  },
  virtualCardCode: {
    account: 'o número da conta',
    accountId: 'o identificador da conta',
    notRequestable: {
      notDigits:
        'Não pode receber cartão virtual: {{fieldLabel}} ({{value}}) não é um número inteiro, e o provedor pede um número.',
      leadingZero:
        'Não pode receber cartão virtual: {{fieldLabel}} ({{value}}) começa com zero e mudaria ao ser enviado como número.',
      tooLarge:
        'Não pode receber cartão virtual: {{fieldLabel}} ({{value}}) é grande demais para ser enviado como número.',
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
