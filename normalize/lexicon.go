package normalize

import (
	"strings"
	"sync"

	"github.com/autofix/autofix/category"
)

// Categories lists the valid categories in SPEC order: the names of
// [category.All], shared with the rules file.
var Categories = category.Names()

// lexicon maps a lower-case word stem (or a two-word phrase) to the category
// it signals and how strongly. Words are matched after stripping common
// plural and inflection endings (see [stems]), so "migrations",
// "Migrationen" and "migración" all find "migration"/"migracion"-like stems
// listed below. The lists follow the SPEC's category descriptions:
// STYLE formatting, naming, import order, comments; CODE language patterns,
// library choice, types, error handling; ARCH directories, module
// boundaries, layers; TOOL CLI commands, build tools, package managers, test
// frameworks; PROCESS git workflow, commit messages, PR requirements, test
// gates; DATA schemas, migrations, caching, state shapes; UX UI behaviour,
// copy, accessibility; OTHER documentation and the rest.
var lexicon = sync.OnceValue(buildLexicon)

type lexEntry struct {
	cat    int // index into Categories
	weight int
}

const (
	catSTYLE = iota
	catCODE
	catARCH
	catTOOL
	catPROCESS
	catDATA
	catUX
	catOTHER
)

func buildLexicon() map[string]lexEntry {
	lexicon := map[string]lexEntry{}
	add := func(cat, w int, words string) {
		for _, x := range strings.Split(words, ",") {
			x = strings.TrimSpace(x)
			if x == "" {
				continue
			}
			if e, ok := lexicon[x]; ok && e.weight >= w {
				continue
			}
			lexicon[x] = lexEntry{cat, w}
		}
	}
	// STYLE: formatting, naming, import order, comments.
	add(catSTYLE, 3, `tailwind,inline style,inline styles,inline-styles,styles inline,estilos en línea,camelcase,snake_case,pascalcase,kebab-case,screaming_snake_case,camel case,snake case,pascal case,kebab case,indentation,indent,
		prettier,gofmt,black,import order,naming,naming convention,trailing comma,semicolon,quote,single quote,double quote,whitespace,
		tab,line length,docstring,jsdoc,godoc,comment,formatting,lowercase,uppercase,
		nommage,indentation,commentaire,guillemet,point-virgule,
		benennung,einrückung,kommentar,anführungszeichen,semikolon,formatierung,
		nomenclatura,sangría,comentario,comilla,punto y coma,formato,mayúscula,minúscula,nombre de variable`)
	add(catSTYLE, 2, `identifier,identifiers,abbreviation,abbreviations,line,lines,character,characters,import,name,format,style,variable name,function name,alias,prefix,suffix,sort,alphabetical,
		nom,style,name,stil,estilo`)
	add(catSTYLE, 1, `nomme,nommer,benenne,benennen,nenne,nennen,nombrar,nombra`)
	add(catSTYLE, 1, `variable,helper,stdlib,third party,third-party,local,casing,case,
		variablen,variables,helfer,ayudante`)
	// CODE: language patterns, library choice, types, error handling.
	add(catCODE, 3, `user input,input validation,async/await,any,unknown,type guard,generic,interface,enum,class component,hook,hooks,promise,async,await,callback,
		exception,try,catch,panic,null,undefined,optional chaining,lodash,underscore,ramda,axios,fetch,node-fetch,zod,yup,joi,valibot,
		refactor,refactoring,rewrite,pure function,side effect,mutation,immutable,closure,recursion,inheritance,composition,
		default export,named export,default-export,named-export,standardexport,export nommé,exports nommés,export par défaut,exports par défaut,
		benannter export,benannte exporte,exportación nombrada,exportaciones nombradas,export por defecto,require,esm,commonjs,es module,var,const,moment,date-fns,dayjs,luxon,
		typescript,javascript,react,vue,svelte,angular,regex,goroutine,mutex,nil,
		array method,native,polyfill,dependency injection,singleton,getter,setter,assertion,
		fonction pure,fonctions pures,classe,exception,typage,réécriture,refactorisation,
		refactorisierung,klasse,ausnahme,fehlerbehandlung,typisierung,schnittstelle,
		función pura,clase,excepción,tipado,refactorización,refactorizar`)
	add(catCODE, 2, `type,types,function,method,class,library,lib,error handling,error,validation,validate,validating,parse,
		pattern,struct,object,array,loop,map,filter,reduce,string,number,boolean,return,throw,
		bibliothèque,fonction,méthode,erreur,funktion,methode,bibliothek,fehler,función,método,librería,biblioteca,error`)
	add(catCODE, 2, `express,fastify,next.js,nestjs,django,flask,rails,spring,jquery,rxjs,graphql,rest,grpc,http`)
	add(catCODE, 1, `komponente,komponenten,composant,composants,componente,componentes,component,components`)
	add(catCODE, 2, `strict mode,kotlin,java,python,rust,golang,ruby,swift,coroutine,coroutines,rxjava,esm,esm imports,magischen zahlen,magische zahlen,nombres magiques,números mágicos,url,urls,hardcode,hardcoded,magic string,functional component,global state,feature flag,feature flags,endpoint,endpoints,ternary,ternaries,nested ternary,magic number,long function,function length,global variable,globals,
		console.log,logging,logger,print statement,early return,nested if,inheritance,composition`)
	add(catCODE, 1, `let,code,codebase,incremental,big-bang,request body,body,module,package,request,response`)
	// ARCH: directories, module boundaries, layers.
	add(catARCH, 3, `go in,go into,go under,go next,goes in,goes into,goes under,goes next,belong in,belongs in,live in,lives in,live under,lives under,directory,folder,folders,directories,layer,layers,module boundary,boundary,monorepo,subfolder,
		next to,colocate,co-locate,route handler,routes folder,domain layer,service layer,controller,repository pattern,
		architecture,structure,file structure,src,business logic,controllers,lógica de negocio,logique métier,
		geschäftslogik,controlador,controladores,contrôleur,contrôleurs,
		dossier,répertoire,couche,arborescence,
		verzeichnis,ordner,schicht,architektur,quellcode,daneben,neben,
		carpeta,directorio,capa,arquitectura,estructura`)
	add(catARCH, 2, `view,views,vue,vues,vista,vistas,route,routes,handler,handlers,component folder,file,files,source,place,put,belong,under,
		fichier,placer,range,ranger,routen,datei,dateien,testdateien,ablegen,legen,
		archivo,archivos,colocar,ruta,rutas,va,van,vont,gehören`)
	// TOOL: CLI commands, build tools, package managers, test frameworks.
	add(catTOOL, 3, `go vet,go test,go build,go generate,go fmt,vet,staticcheck,npm,pnpm,yarn,bun,npx,pip,pipx,poetry,uv,conda,cargo,go mod,maven,gradle,make,makefile,cmake,bazel,
		vitest,jest,mocha,jasmine,pytest,unittest,testify,cypress,playwright,
		webpack,vite,rollup,esbuild,parcel,turbopack,tsc,babel,eslint,biome,ruff,mypy,golangci-lint,
		nvm,nvmrc,.nvmrc,pyenv,rustup,asdf,mise,volta,runtime,node version,python version,go version,toolchain,sdk,jdk,
		docker,docker compose,kubectl,terraform,package manager,cli,command line,build tool,test framework,test runner,
		outil,commande,werkzeug,befehl,paketmanager,herramienta,comando,gestor de paquetes`)
	add(catTOOL, 2, `formatter,dependency,dependencies,abhängigkeit,abhängigkeiten,dépendance,dépendances,dependencia,dependencias,lockfile,lock file,package.json,go.mod,requirements.txt,prueba,pruebas,linter,script,install,build,lint,linter,bundler,compile,tool,test,tests,
		lancer,lance,exécuter,installer,ausführen,installieren,ejecutar,ejecuta,instalar`)
	// PROCESS: git workflow, commit messages, PR requirements, test gates.
	add(catPROCESS, 3, `commit,commits,commit message,conventional commit,conventional commits,pull request,pr,merge request,
		force-push,force push,push,rebase,squash,branch,main,master,git,changelog,review,code review,approval,ci,pipeline,
		release,tag,version bump,gitmoji,sign-off,signoff,
		commit-nachricht,commit-nachrichten,zweig,überprüfung,
		mensaje de commit,rama,revisión`)
	add(catPROCESS, 3, `vor dem bearbeiten,vor dem ändern,avant de modifier,avant de toucher,antes de editar,antes de modificar,github actions,gitlab ci,ci runner,runner,runners,before merging,tests pass,must pass,green ci,test gate`)
	add(catPROCESS, 3, `prs,mrs,pull requests,merge requests,small pr,pr size,diff size,
		explain the plan,plan first,before editing,before changing,before coding,before implementing,before making changes,ask first,ask before`)
	add(catPROCESS, 2, `bump,version,plan,planning,approve,confirm,confirmation,step by step,checklist`)
	add(catPROCESS, 2, `pass,merging,workflow,deploy,deployment,ticket,issue,jira,message,messages,nachricht,nachrichten,mensaje,mensajes`)
	// DATA: schemas, migrations, caching, state shapes.
	add(catDATA, 5, `migration,migrations,schema,table,tables,column,columns,foreign key,primary key,
		clé étrangère,clés étrangères,colonne,tabelle,spalte,fremdschlüssel,tabla,columna,columnas,clave foránea,テーブル`)
	add(catDATA, 3, `index,indexes,
		created_at,updated_at,deleted_at,database,db,sql,postgres,postgresql,mysql,sqlite,redis,mongodb,orm,prisma,drizzle,
		drizzle-kit,typeorm,sequelize,knex,cache,caching,ttl,state shape,store,redux,zustand,query,seed,fixture,
		clé étrangère,clés étrangères,colonne,base de données,
		tabelle,spalte,datenbank,fremdschlüssel,
		tabla,columna,columnas,base de datos,clave foránea,índice`)
	add(catDATA, 3, `transaktion,transaktionen,transacción,transacciones,transaction,transactions,soft delete,soft deletes,pagination,paginate,password,passwords,passwort,passwörter,mot de passe,mots de passe,contraseña,contraseñas,secret,secrets,credential,credentials,api key,api keys,backup,backups,sauvegarde,sauvegardes,copia de seguridad,copias de seguridad,sicherung,datensicherung,migración,migraciones,utc,timezone,timestamp,timestamps,iso 8601,persist,persistence`)
	add(catDATA, 2, `stored,date,dates,record,row,field,state,json,payload,key,data,donnée,données,daten,datos`)
	// UX: UI behaviour, copy, accessibility.
	add(catUX, 3, `aria-label,aria,accessibility,a11y,screen reader,alt text,alt-text,texte alternatif,texto alternativo,alternativtext,keyboard,focus,contrast,button,buttons,icon,
		tooltip,modal,dialog,toast,ui,user,users,user-facing,wording,plain language,translation,i18n,localization,
		loading state,spinner,placeholder,label,error message,error messages,stack trace,stack traces,
		bouton,utilisateur,accessibilité,libellé,icon-button,icon-buttons,knopf,schaltfläche,benutzer,barrierefreiheit,
		nutzer,nutzerin,fehlermeldung,fehlermeldungen,stacktrace,message d'erreur,messages d'erreur,mensaje de error,mensajes de error,
		botón,botones,icono,usuario,accesibilidad,etiqueta`)
	add(catUX, 2, `html,semantic html,hover,hover state,copy,screen,page,form,input,click,display,show,shown,animation,color,colour,theme,dark mode,layout,
		écran,page,bildschirm,pantalla,página`)
	// OTHER: documentation and everything else.
	add(catOTHER, 3, `documentation,docs,doc,readme,markdown,document,wiki,diagram,adr,decision record,
		documenter,dokumentation,dokumentieren,documentación,documentar`)
	return lexicon
}

// japaneseLexicon lists substrings that signal a category in Japanese
// text (no word boundaries to rely on).
var japaneseLexicon = []struct {
	s      string
	cat    int
	weight int
}{
	{"キャメルケース", catSTYLE, 3}, {"スネークケース", catSTYLE, 3}, {"パスカルケース", catSTYLE, 3}, {"命名", catSTYLE, 3},
	{"インデント", catSTYLE, 3}, {"コメント", catSTYLE, 3}, {"フォーマット", catSTYLE, 2}, {"インポート", catSTYLE, 2}, {"名前", catSTYLE, 2},
	{"型", catCODE, 3}, {"関数", catCODE, 2}, {"クラス", catCODE, 2}, {"リファクタ", catCODE, 3}, {"例外", catCODE, 3},
	{"エラー処理", catCODE, 3}, {"ライブラリ", catCODE, 2}, {"非同期", catCODE, 3}, {"書き直", catCODE, 2},
	{"ディレクトリ", catARCH, 3}, {"フォルダ", catARCH, 3}, {"レイヤー", catARCH, 3}, {"層", catARCH, 2}, {"配置", catARCH, 2}, {"置", catARCH, 1},
	{"エクスポート", catCODE, 2}, {"エラー", catCODE, 2}, {"ログ", catCODE, 2}, {"テスト", catTOOL, 2},
	{"コマンド", catTOOL, 2}, {"ビルド", catTOOL, 2}, {"パッケージマネージャ", catTOOL, 3}, {"テストフレームワーク", catTOOL, 3}, {"実行", catTOOL, 2},
	{"コミット", catPROCESS, 3}, {"プルリクエスト", catPROCESS, 3}, {"ブランチ", catPROCESS, 3}, {"レビュー", catPROCESS, 3}, {"マージ", catPROCESS, 3},
	{"テーブル", catDATA, 3}, {"カラム", catDATA, 3}, {"列", catDATA, 2}, {"マイグレーション", catDATA, 3}, {"スキーマ", catDATA, 3},
	{"データベース", catDATA, 3}, {"キャッシュ", catDATA, 3}, {"インデックス", catDATA, 3}, {"主キー", catDATA, 3}, {"外部キー", catDATA, 3},
	{"ボタン", catUX, 3}, {"マジックナンバー", catCODE, 3}, {"コンポーネント", catCODE, 2}, {"ビジネスロジック", catARCH, 3}, {"トランザクション", catDATA, 3}, {"計画", catPROCESS, 2}, {"編集する前", catPROCESS, 3}, {"ビュー", catARCH, 2}, {"依存関係", catTOOL, 3}, {"スタイル", catSTYLE, 2}, {"パスワード", catDATA, 3}, {"秘密", catDATA, 2}, {"altテキスト", catUX, 3}, {"代替テキスト", catUX, 3}, {"画像", catUX, 2}, {"バックアップ", catDATA, 3}, {"アクセシビリティ", catUX, 3}, {"ユーザー", catUX, 3}, {"画面", catUX, 3}, {"表示", catUX, 2}, {"文言", catUX, 3},
	{"ドキュメント", catOTHER, 3}, {"文書", catOTHER, 3}, {"説明書", catOTHER, 3},
}

// classifyWords picks the category of text, whose lower-cased words are
// words, from the lexicon; OTHER when nothing matches. Ties go to the
// category listed first in SPEC order.
func classifyWords(text, lang string, words []string) string {
	var score [8]int
	if lang == "ja" {
		for _, e := range japaneseLexicon {
			if strings.Contains(text, e.s) {
				score[e.cat] += e.weight
			}
		}
	}
	prev, prev2 := "", ""
	for i, w := range words {
		if w == "" || w == "make" && i+1 < len(words) && words[i+1] == "sure" {
			continue
		}
		if strings.HasPrefix(w, "@") && strings.Contains(w, "/") {
			score[catCODE] += 3 // a scoped package: @acme/ui
		} else if isPath(w) && (strings.HasPrefix(w, "docs/") || strings.HasPrefix(w, "doc/")) {
			score[catOTHER] += 5 // a path of the documentation: docs/adr
		} else if isPath(w) {
			score[catARCH] += 5 // a path
		}
		if isVersion(w) && runtimes[prev] {
			score[catTOOL] += 4 // a runtime version: "Node 20", "Python 3.12", "Go 1.22"
		}
		if e, ok := lookupStem(w); ok {
			score[e.cat] += e.weight
		} else if e, ok := lookupStem(strings.ReplaceAll(w, "-", " ")); ok && strings.Contains(w, "-") {
			score[e.cat] += e.weight // "Default-Exporte" → "default export"
		} else if strings.Contains(w, "-") {
			for _, part := range strings.Split(w, "-") {
				if e, ok := lookupStem(part); ok {
					score[e.cat] += e.weight
				}
			}
		}
		if prev2 != "" {
			if e, ok := lexicon()[prev2+" "+prev+" "+w]; ok {
				score[e.cat] += e.weight // "mots de passe", "copia de seguridad"
			}
		}
		if prev != "" {
			if e, ok := lexicon()[prev+" "+w]; ok {
				score[e.cat] += e.weight
			} else if e, ok := lexicon()[prev+" "+trimPlural(w)]; ok {
				score[e.cat] += e.weight
			}
		}
		prev2, prev = prev, w
	}
	best, bestScore := catOTHER, 0
	for c, s := range score {
		if s > bestScore {
			best, bestScore = c, s
		}
	}
	return Categories[best]
}

// lookupStem finds w in the lexicon as is or without a plural or
// inflection ending (-s, -es, -en, -n, -e).
func lookupStem(w string) (lexEntry, bool) {
	if e, ok := lexicon()[w]; ok {
		return e, true
	}
	for _, ext := range []string{".js", ".ts"} {
		// "moment.js", "Day.js": the library.
		if stem, ok := strings.CutSuffix(w, ext); ok && len(stem) > 1 {
			if e, ok := lexicon()[stem]; ok {
				return e, true
			}
		}
	}
	for _, suf := range []string{"s", "es", "en", "n", "e"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			if e, ok := lexicon()[w[:len(w)-len(suf)]]; ok {
				return e, true
			}
		}
	}
	if stem, ok := strings.CutSuffix(w, "iones"); ok {
		// Spanish -ión loses its accent in the plural: excepciones.
		if e, ok := lexicon()[stem+"ión"]; ok {
			return e, true
		}
	}
	if stem, ok := strings.CutSuffix(w, "ing"); ok && len(stem) > 2 {
		// "pushing" → push, "caching" → cache, "committing" → commit.
		if n := len(stem); n > 3 && stem[n-1] == stem[n-2] {
			if e, ok := lexicon()[stem[:n-1]]; ok {
				return gerund(e), true
			}
		}
		if e, ok := lexicon()[stem]; ok {
			return gerund(e), true
		}
		if e, ok := lexicon()[stem+"e"]; ok {
			return gerund(e), true
		}
	}
	return lexEntry{}, false
}

// trimPlural strips one plural ending: -s (English, French, Spanish), -es,
// -en and -n (German).
func trimPlural(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "es"):
		if _, ok := lexicon()[w[:len(w)-1]]; ok {
			return w[:len(w)-1]
		}
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	case len(w) > 4 && strings.HasSuffix(w, "en"):
		return w[:len(w)-2]
	case len(w) > 4 && strings.HasSuffix(w, "n"):
		return w[:len(w)-1]
	}
	return w
}

// runtimes are language runtimes and toolchains whose version a rule pins
// ("Use Node 20"): a name followed by a version signals TOOL.
var runtimes = map[string]bool{
	"node": true, "nodejs": true, "node.js": true, "python": true, "python3": true, "go": true, "golang": true, "ruby": true,
	"java": true, "jdk": true, "deno": true, "bun": true, "rust": true, "php": true, "dotnet": true, ".net": true, "kotlin": true,
	"swift": true, "elixir": true, "erlang": true, "perl": true, "scala": true, "typescript": true, "ts": true, "gcc": true, "clang": true,
}

// isVersion reports a version number: "20", "3.12", "v1.22", "18.x".
func isVersion(w string) bool {
	w = strings.TrimPrefix(w, "v")
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= '0' && c <= '9' || c == '.' || c == 'x' || c == '+') {
			return false
		}
	}
	return true
}

// gerund weakens the entry a gerund found ("before committing"): it says
// when, not what the rule is about.
func gerund(e lexEntry) lexEntry {
	e.weight = max(1, e.weight/3)
	return e
}

// isPath reports a word that names a file or directory ("src/api",
// "./scripts/test.sh", "deploy/k8s/"), not a pair such as "async/await" or
// "CI/CD".
func isPath(w string) bool {
	if !strings.Contains(w, "/") || strings.Contains(w, "://") || len(w) < 3 {
		return false
	}
	last := w[strings.LastIndexByte(w, '/')+1:]
	switch {
	case strings.HasPrefix(w, ".") || strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~"),
		strings.HasSuffix(w, "/"), strings.Contains(last, "."), strings.Count(w, "/") >= 2:
		return true
	}
	first, _, _ := strings.Cut(w, "/")
	switch first {
	case "src", "lib", "app", "apps", "cmd", "pkg", "internal", "test", "tests", "docs", "doc", "scripts", "config", "db",
		"public", "components", "server", "api", "packages", "web", "frontend", "backend", "tools", "deploy", "infra", "build", "dist":
		return true
	}
	return false
}
