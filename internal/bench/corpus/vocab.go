package corpus

// tr is one phrase in every corpus language, in the order of Languages.
type tr [3]string

// Placeholders in sentence templates: {gpu} model name, {count} GPUs per instance,
// {mem} GPU memory in GB, {cores} vCPUs, {tflops} single-precision TFLOPS,
// {price} hourly price in USD, {link} a link to another page, {code} an instance type.
var sentences = []tr{
	{"The {gpu} instance delivers {tflops} TFLOPS of single-precision compute.",
		"{gpu} 实例提供 {tflops} TFLOPS 的单精度计算能力。",
		"{gpu}インスタンスは{tflops} TFLOPSの単精度演算性能を提供します。"},
	{"Each {code} node carries {count} GPUs with {mem} GB of memory apiece.",
		"每个 {code} 节点配备 {count} 块 GPU，每块显存为 {mem} GB。",
		"各{code}ノードは{count}基のGPUを搭載し、それぞれ{mem} GBのメモリを持ちます。"},
	{"On-demand pricing starts at ${price} per hour, billed by the second.",
		"按需计费起价为每小时 {price} 美元，按秒结算。",
		"オンデマンド料金は1時間あたり{price}ドルからで、秒単位で課金されます。"},
	{"Training jobs that take 50 minutes on a CPU finish in about {count} minutes on a {gpu}.",
		"在 CPU 上需要 50 分钟的训练任务，在 {gpu} 上大约 {count} 分钟即可完成。",
		"CPUで50分かかる学習ジョブは、{gpu}ではおよそ{count}分で完了します。"},
	{"See {link} for the regions where {code} is available.",
		"{code} 可用的地域请参见{link}。",
		"{code}が利用できるリージョンについては{link}を参照してください。"},
	{"With {cores} vCPUs and {mem} GB of GPU memory, {code} suits inference at scale.",
		"{code} 拥有 {cores} 个 vCPU 和 {mem} GB 显存，适合大规模推理。",
		"{code}は{cores}個のvCPUと{mem} GBのGPUメモリを備え、大規模な推論に適しています。"},
	{"Drivers for CUDA and the {gpu} are installed automatically when the instance boots.",
		"实例启动时会自动安装 CUDA 和 {gpu} 的驱动程序。",
		"インスタンスの起動時にCUDAと{gpu}のドライバが自動的にインストールされます。"},
	{"Resources are isolated between tenants, and private network traffic is free of charge.",
		"不同租户之间的资源完全隔离，内网流量免费。",
		"テナント間のリソースは完全に分離され、プライベートネットワークのトラフィックは無料です。"},
	{"Peak throughput reaches {tflops} TFLOPS for FP32 and twice that for FP16 on the {gpu}.",
		"{gpu} 的 FP32 峰值吞吐量达到 {tflops} TFLOPS，FP16 为其两倍。",
		"{gpu}のFP32ピーク性能は{tflops} TFLOPSに達し、FP16ではその2倍になります。"},
	{"A monthly subscription for {count} GPUs costs less than ${price} per hour on average.",
		"{count} 块 GPU 的包月订阅平均每小时不到 {price} 美元。",
		"{count}基のGPUの月額サブスクリプションは、平均すると1時間あたり{price}ドル未満です。"},
	{"Upgrading from {code} to a larger specification takes one click and a restart.",
		"从 {code} 升级到更高规格只需一次点击和一次重启。",
		"{code}から上位の仕様へのアップグレードは、ワンクリックと再起動だけで完了します。"},
	{"Compared with a self-built cluster, {link} removes the up-front hardware investment.",
		"与自建集群相比，{link}免去了前期的硬件投入。",
		"自前のクラスタと比べて、{link}はハードウェアへの初期投資を不要にします。"},
	{"Snapshots of a {mem} GB volume are kept for {count} days at no extra cost.",
		"{mem} GB 云盘的快照免费保留 {count} 天。",
		"{mem} GBボリュームのスナップショットは追加料金なしで{count}日間保持されます。"},
	{"The {gpu} supports GPU pass-through, so the guest sees the full device.",
		"{gpu} 支持 GPU 直通，虚拟机可以使用完整的设备。",
		"{gpu}はGPUパススルーに対応しているため、ゲストはデバイス全体を利用できます。"},
	{"Bandwidth between nodes reaches {cores} Gbps for distributed training.",
		"节点间带宽可达 {cores} Gbps，满足分布式训练的需要。",
		"分散学習のために、ノード間の帯域幅は{cores} Gbpsに達します。"},
	{"Jump servers are not needed: log in with an SSH key through the console.",
		"无需跳板机：通过控制台使用 SSH 密钥登录即可。",
		"踏み台サーバは不要で、コンソールからSSHキーでログインできます。"},
}

var topics = []tr{
	{"GPU instance pricing", "GPU 实例价格", "GPUインスタンスの料金"},
	{"Choosing a cloud GPU", "如何选择云 GPU", "クラウドGPUの選び方"},
	{"Deep learning on GPU servers", "在 GPU 服务器上进行深度学习", "GPUサーバでのディープラーニング"},
	{"Rendering workloads", "渲染工作负载", "レンダリングワークロード"},
	{"GPU driver installation", "GPU 驱动安装", "GPUドライバのインストール"},
	{"Inference at scale", "大规模推理", "大規模な推論"},
	{"Storage for training data", "训练数据的存储", "学習データのストレージ"},
	{"Networking between GPU nodes", "GPU 节点之间的网络", "GPUノード間のネットワーク"},
	{"Billing and subscriptions", "计费与订阅", "課金とサブスクリプション"},
	{"Security and isolation", "安全与隔离", "セキュリティと分離"},
}

var headings = []tr{
	{"Overview", "概述", "概要"},
	{"Why Cloud GPU Service?", "为什么选择 GPU 云服务器", "なぜGPUクラウドサーバを選択"},
	{"Specifications", "规格", "仕様"},
	{"Pricing", "价格", "料金"},
	{"Getting started", "快速入门", "はじめに"},
	{"Performance", "性能", "パフォーマンス"},
	{"Use cases", "应用场景", "ユースケース"},
	{"Limits", "使用限制", "制限事項"},
	{"Regions", "地域", "リージョン"},
	{"Drivers", "驱动程序", "ドライバ"},
	{"Monitoring", "监控", "モニタリング"},
	{"Frequently asked questions", "常见问题", "よくある質問"},
	{"Comparison with CPU instances", "与 CPU 实例的对比", "CPUインスタンスとの比較"},
	{"Storage options", "存储选项", "ストレージのオプション"},
	{"Network", "网络", "ネットワーク"},
	{"Billing", "计费", "課金"},
}

// features are the row labels of the damaged comparison table.
var features = []tr{
	{"Elastic", "弹性", "弾性."},
	{"High-performance", "高性能", "性能"},
	{"Easy-to-use", "易用", "使いやすい"},
	{"Secure", "安全", "安全だ"},
	{"Low-cost", "低成本", "コスト."},
	{"Reliable", "可靠", "信頼性"},
	{"Scalable", "可扩展", "拡張性"},
}

var (
	comparisonHeader = [3]tr{
		{"Advantages", "优势", "優勢."},
		{"Cloud GPU Service", "GPU 云服务器", "GPUクラウドサーバ"},
		{"Self-built GPU Computing", "自建 GPU 服务器", "GPUサーバを自作"},
	}
	comparisonIntro = tr{
		"Comparison between Cloud GPU Service and Self-built GPU Computing:",
		"GPU 云服务器与自建 GPU 服务器对比：",
		"GPUクラウドサーバと自作GPUサーバとの対比：",
	}
	comparisonCaption = tr{
		"Comparison between Cloud GPU Service and CPU Cloud Computing:",
		"GPU 云服务器与 CPU 云服务器对比：",
		"GPUクラウドサーバとCPUクラウドサーバの対比：",
	}
	specHeader = []tr{
		{"Instance", "实例", "インスタンス"},
		{"GPUs", "GPU 数量", "GPU数"},
		{"GPU memory", "GPU 内存", "GPUメモリ"},
		{"vCPU", "vCPU", "vCPU"},
		{"Memory", "内存", "メモリ"},
		{"On-demand price", "按需定价", "オンデマンド料金"},
	}
	specCaption = tr{
		"Specifications and pricing of {gpu} instances:",
		"{gpu} 实例的规格及定价：",
		"{gpu}インスタンスの仕様と料金：",
	}
	linkText = tr{"the product page", "产品页面", "製品ページ"}
	coresFmt = tr{"{n} cores", "{n} 核", "{n}コア"}
	priceFmt = tr{"${n}/hour", "{n} 美元/小时", "{n}ドル/時間"}
)

var gpus = []string{
	"NVIDIA A100", "NVIDIA H100", "NVIDIA V100", "NVIDIA T4", "NVIDIA A10",
	"NVIDIA L4", "NVIDIA P4", "NVIDIA P40", "NVIDIA M40", "RTX 6000", "RTX A6000",
	"GeForce RTX 3090", "Tesla V100S", "AMD MI250X",
}

var instanceFamilies = []string{"GN7", "GN8", "GN10X", "GN10XP", "GN6S", "GT4", "PNV4", "GI3X"}

var instanceSizes = []string{"LARGE20", "2XLARGE32", "4XLARGE80", "8XLARGE160", "20XLARGE320"}

// dirs are the nested content folders a page can land in.
var dirs = []string{
	"compute", "compute/gpu", "compute/gpu/training", "compute/gpu/inference",
	"storage", "storage/volumes", "network", "network/vpc/peering",
	"billing", "guides/getting-started", "guides/drivers/cuda", "faq",
}
